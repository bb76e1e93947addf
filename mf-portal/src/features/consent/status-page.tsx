import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import type { ConsentPurpose, ConsentRecord, ConsentNotice } from '@lendline/shared';
import { useLanguage, useServerData, useT } from '@lendline/shared';
import { applyAppRef, useAppRef } from '../../lib/app-ref-store';
import { answer, CONSENT_API, type DeclineView } from './consent-api';
import { NoticeCards } from './notice-card';
import { DecisionStatus } from '../../ui/decision-status/decision-status';

/**
 * /dynamic-resume/status?application_id=…: the applicant's own page of the application (its appRefId). A declined
 * application shows the main reasons and the grievance route (Fair Practices Code); every applicant sees their
 * consents per purpose with the notice, and gives or withdraws each with one press.
 */
export default function StatusPage() {
  const t = useT();
  const lang = useLanguage();
  const [query] = useSearchParams();
  const id = query.get('application_id');
  const applicantId = query.get('applicantId') ?? undefined;
  useAppRef(id);
  const q = id ? `application_id=${encodeURIComponent(id)}&lang=${encodeURIComponent(lang)}` : null;
  const decline = useServerData<{ data: DeclineView }>(q ? `${CONSENT_API.decline}?${q}` : null);
  const consents = useServerData<{ data: { consents: ConsentRecord[]; notices: ConsentNotice[] } }>(q ? `${CONSENT_API.consents}?${q}` : null);
  const [busy, setBusy] = useState<ConsentPurpose | null>(null);
  if (!id) return <p role="alert">{t('consent.status.noApplication', undefined, 'Open this page from your application (the link carries its number).')}</p>;
  // Only the first load replaces the page: a reload (the decision landed) keeps what is shown until the answer is in.
  if ((decline.loading && !decline.data) || (consents.loading && !consents.data)) return <p aria-busy="true">{t('portal.flow.loadingPage', undefined, 'Loading…')}</p>;
  if (decline.error || consents.error || !decline.data || !consents.data) return <p role="alert">{t('consent.status.failedLoad', undefined, 'The status of this application could not be loaded.')}</p>;
  const d = decline.data.data;
  const mine = consents.data.data.consents.filter((c) => (applicantId ? c.applicantId === applicantId : c.applicantType === 'primary'));
  const change = async (purpose: ConsentPurpose, given: boolean) => {
    setBusy(purpose);
    try {
      applyAppRef(id);
      await answer(id, applicantId, lang, { [purpose]: given });
      consents.reload();
    } finally {
      setBusy(null);
    }
  };
  return (
    <section aria-labelledby="ll-status-title">
      <h2 id="ll-status-title">{t('consent.status.title', { id }, `Application ${id}`)}</h2>
      <DecisionStatus applicationId={id} onEnd={decline.reload} />
      {d.declined && (
        <article className="ll-card" aria-labelledby="ll-decline-title">
          <h3 id="ll-decline-title">{t('consent.decline.title', undefined, 'We could not offer you this loan')}</h3>
          <p>{t('consent.decline.reasons', undefined, 'The main reasons:')}</p>
          <ul>
            {d.reasons.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
          <p>{t('consent.decline.letter', undefined, 'We have also sent you this in a letter by e-mail.')}</p>
          <p>
            {t('consent.decline.grievance', undefined, 'If you disagree, write to our grievance officer, who will reply within 30 days. If your complaint is not resolved within 30 days, you may take it to the Reserve Bank of India\'s Integrated Ombudsman (cms.rbi.org.in).')}
          </p>
          {d.grievanceOfficer && (
            <p>
              {d.grievanceOfficer.name}, <a href={`tel:${d.grievanceOfficer.phone.replace(/\s/g, '')}`}>{d.grievanceOfficer.phone}</a>, <a href={`mailto:${d.grievanceOfficer.email}`}>{d.grievanceOfficer.email}</a>
            </p>
          )}
        </article>
      )}
      <h3>{t('consent.title', undefined, 'Your consents')}</h3>
      <NoticeCards notices={consents.data.data.notices} records={mine} busy={busy} onAnswer={(purpose, given) => void change(purpose, given)} />
    </section>
  );
}
