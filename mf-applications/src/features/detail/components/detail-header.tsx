import type { ReactNode } from 'react';
import { formatInr, useConfigName, useLabel, useT, type Applicant } from '@lendline/shared';
import { PageHeader } from '@lendline/shared/ui';
import type { ApplicationView } from '../api/application';
import { SlaBadge } from './sla-badge';
import { LifecycleStepper } from './lifecycle-stepper';

const nameOf = (a: Applicant) => [a.firstName, a.lastName].filter(Boolean).join(' ') || a.applicantId;

/**
 * Who applied, for what and how much, where it stands, and how long is left on its SLA — one compact band
 * with the page's tools at its right and the lifecycle under it, so the work below starts high on the screen.
 */
export function DetailHeader({ view, tools }: { view: ApplicationView; tools?: ReactNode }) {
  const t = useT();
  const label = useLabel();
  const name = useConfigName();
  const step = view.currentTask?.stepInfo?.stepName ?? view.appLifeCycle?.steps[view.appLifeCycle.stage]?.stepName;
  const amount = formatInr(view.customFields?.loanAmount, { exact: true });
  return (
    <header className="ll-detail-header ll-density-compact">
      {/* The kit's page header: the id and the tools in one row that wraps the tools under the id when they do not fit. */}
      <PageHeader level={2} className="ll-detail-titlebar" title={<span data-testid="detail-id">{view.application_id}</span>} actions={tools} />
      <dl className="ll-detail-facts">
        <div className="ll-fact--wide">
          <dt>{t('areas.applications.detail.applicants', undefined, 'Applicants')}</dt>
          <dd data-testid="detail-applicants">
            {view.applicant.length
              ? view.applicant.map((a) => (
                  <span key={a.applicantId} className="ll-applicant">
                    {nameOf(a)} <span className="ll-muted">({label('applicantType', a.type)})</span>
                  </span>
                ))
              : '—'}
          </dd>
        </div>
        <div>
          <dt>{t('areas.applications.detail.product', undefined, 'Product')}</dt>
          <dd data-testid="detail-product">{view.product_name ? name('product', view.product_name) : view.product_code}</dd>
        </div>
        <div>
          <dt>{t('areas.applications.detail.amount', undefined, 'Loan amount')}</dt>
          <dd data-testid="detail-amount">{amount || '—'}</dd>
        </div>
        <div>
          <dt>{t('areas.applications.detail.status', undefined, 'Status')}</dt>
          <dd>
            <span className={`ll-status ll-status--${view.application_status.toLowerCase()}`} data-testid="detail-status" data-status={view.application_status}>
              {label('applicationStatus', view.application_status)}
            </span>
          </dd>
        </div>
        <div>
          <dt>{t('areas.applications.detail.stage', undefined, 'Stage')}</dt>
          <dd data-testid="detail-stage">{step ? name('step', step) : '—'}</dd>
        </div>
        <div>
          <dt>{t('areas.applications.detail.assignee', undefined, 'Assigned to')}</dt>
          <dd data-testid="detail-assignee">{view.currentTask?.assignedTo ?? t('areas.applications.detail.unassigned', undefined, 'Unassigned')}</dd>
        </div>
        <div className="ll-fact--wide">
          <dt>{t('areas.applications.detail.sla', undefined, 'SLA due')}</dt>
          <dd>
            <SlaBadge sla={view.sla} task={view.currentTask} />
          </dd>
        </div>
      </dl>
      <LifecycleStepper lifecycle={view.appLifeCycle} />
    </header>
  );
}
