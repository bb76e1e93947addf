import { useState, type ReactNode } from 'react';
import { api, useT } from '@lendline/shared';
import { PORTAL, type PortalApplicant, type PortalApplication } from '../../api/portal-api';
import { applyAppRef } from '../../lib/app-ref-store';

/**
 * The custom page of joint applications (custom route, "capture_1" by default): each co-applicant and guarantor
 * is sent their own link by e-mail, to fill in and verify their part on their own device.
 */
export function CoApplicantsPage({ app, onChange, back, onContinue }: { app: PortalApplication; onChange(a: PortalApplication): void; back?: ReactNode; onContinue(): Promise<void> }) {
  const t = useT();
  const others = app.applicant.filter((a) => a.type !== 'primary');
  const [busy, setBusy] = useState(false);
  return (
    <div>
      {others.length === 0 ? (
        <p>{t('portal.joint.none', undefined, 'There are no co-applicants or guarantors on this application.')}</p>
      ) : (
        <ul className="ll-doc-list">
          {others.map((a) => (
            <li key={a.applicantId}>
              <InviteRow app={app} applicant={a} number={others.filter((o) => o.type === a.type).indexOf(a) + 1} onSent={(updated) => onChange({ ...app, applicant: app.applicant.map((x) => (x.applicantId === updated.applicantId ? updated : x)) })} />
            </li>
          ))}
        </ul>
      )}
      <div className="ll-flow-nav">
        {back ?? <span />}
        <button
          type="button"
          disabled={busy}
          onClick={async () => {
            setBusy(true);
            try {
              await onContinue();
            } finally {
              setBusy(false);
            }
          }}
        >
          {t('portal.flow.saveContinue', undefined, 'Save and continue')}
        </button>
      </div>
    </div>
  );
}

function InviteRow({ app, applicant, number, onSent }: { app: PortalApplication; applicant: PortalApplicant & { linkSentAt?: string }; number: number; onSent(a: PortalApplicant): void }) {
  const t = useT();
  const [email, setEmail] = useState(applicant.email ?? '');
  const [name, setName] = useState(applicant.firstName ?? '');
  const [status, setStatus] = useState<string | null>(applicant.linkSentAt ? t('portal.joint.sent', { to: applicant.email ?? '' }, `Link sent to ${applicant.email}`) : null);
  const who = applicant.type === 'secondary' ? t('portal.flow.coApplicant', undefined, 'Co-applicant') : t('portal.flow.guarantor', undefined, 'Guarantor');
  const id = applicant.applicantId;
  // "Co-applicant 1 · Priya Mehta": a number and a name the applicant knows, never the internal applicant id.
  const fullName = [applicant.firstName, applicant.lastName].filter(Boolean).join(' ');
  const title = fullName ? `${who} ${number} · ${fullName}` : `${who} ${number}`;
  const send = async () => {
    try {
      applyAppRef(app.application_id);
      const r = await api.post<{ data: { applicant: PortalApplicant } }>(PORTAL.sendLink, { application_id: app.application_id, applicantId: id, email, firstName: name || undefined });
      onSent(r.data.applicant);
      setStatus(t('portal.joint.sent', { to: email }, `Link sent to ${email}`));
    } catch {
      /* the shell's error modal explains */
    }
  };
  return (
    <fieldset className="ll-field ll-field--group" data-applicant={id}>
      <legend>{title}</legend>
      <div className="ll-field">
        <label htmlFor={`${id}-name`}>{t('portal.joint.name', undefined, 'First name')}</label>
        <input id={`${id}-name`} type="text" value={name} onChange={(e) => setName(e.target.value)} />
      </div>
      <div className="ll-field">
        <label htmlFor={`${id}-email`}>{t('portal.joint.email', undefined, 'E-mail address')}</label>
        <input id={`${id}-email`} type="email" autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} />
      </div>
      <button type="button" className="ll-button--secondary" disabled={!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)} onClick={send}>
        {t('portal.joint.send', undefined, 'Send their link')}
      </button>
      {status && <p role="status">{status}</p>}
    </fieldset>
  );
}
