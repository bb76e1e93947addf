import { Link, useNavigate } from 'react-router-dom';
import { useMutation, useT } from '@lendline/shared';
import { convertLead, mayCreate, type LeadInfo } from '../../../api/leads';

interface LeadView {
  application_id: string;
  application_status: string;
  applicationType?: 'APPLICATION' | 'LEAD';
  assignedToCurrentUser: boolean;
  initiatedBy?: { id: string; displayName?: string };
  leadInfo?: LeadInfo;
}

const detailPath = (id: string) => `/backstage/application?application_id=${encodeURIComponent(id)}`;

/**
 * On the detail page: who initiated the record, the link between a lead and the application it became, and, for the
 * lead's holder, "Convert to application" (POST /v3/lead/convert; the server checks holder and status again).
 */
export function LeadTools({ view, roles }: { view: LeadView; roles: readonly string[] | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const { busy, run } = useMutation();
  const info = view.leadInfo;
  const isLead = view.applicationType === 'LEAD';
  const canConvert = isLead && view.application_status === 'ACTIVE' && !info?.convertedTo && view.assignedToCurrentUser && mayCreate(roles);

  function convert() {
    // A refusal is shown by the shell's §8 modal.
    void run(() => convertLead(view.application_id), {
      done: (id) => t('areas.applications.leads.converted', { id }, 'Converted to application {id}'),
      then: (id) => navigate(detailPath(id)),
    });
  }

  return (
    <>
      {view.initiatedBy && (
        <span className="ll-muted" data-testid="initiated-by">
          {t('areas.applications.leads.initiatedBy', { who: view.initiatedBy.displayName ?? view.initiatedBy.id }, 'Initiated by {who}')}
        </span>
      )}
      {isLead && <span className="ll-badge" data-testid="lead-badge">{t('areas.applications.leads.badge', undefined, 'Lead')}</span>}
      {info?.convertedTo && (
        <Link to={detailPath(info.convertedTo)} data-testid="converted-to">
          {t('areas.applications.leads.convertedTo', { id: info.convertedTo }, 'Converted to {id}')}
        </Link>
      )}
      {info?.convertedFrom && (
        <Link to={detailPath(info.convertedFrom)} data-testid="converted-from">
          {t('areas.applications.leads.convertedFrom', { id: info.convertedFrom }, 'From lead {id}')}
        </Link>
      )}
      {canConvert && (
        <button type="button" onClick={convert} disabled={busy} aria-busy={busy || undefined} data-testid="convert-lead">
          {busy ? t('areas.applications.leads.converting', undefined, 'Converting…') : t('areas.applications.leads.convert', undefined, 'Convert to application')}
        </button>
      )}
    </>
  );
}
