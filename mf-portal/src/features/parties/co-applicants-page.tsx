import { useState, type ReactNode } from 'react';
import { useT } from '@lendline/shared';
import type { PortalApplicant, PortalApplication } from '../../api/portal-api';
import { invite, RELATIONS } from './parties-api';
import { partyTitle } from './party-title';
import { relationLabel } from './relation-label';

/**
 * The custom page of joint applications (custom route, "capture_1" by default): each co-applicant and guarantor
 * is sent their own link by e-mail, to fill in and verify their part on their own device. What the primary enters
 * about them (name, mobile, relation, e-mail) prefills their flow (issue 28).
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

function InviteRow({ app, applicant, number, onSent }: { app: PortalApplication; applicant: PortalApplicant & { linkSentAt?: string; mobile?: string; relation?: string }; number: number; onSent(a: PortalApplicant): void }) {
  const t = useT();
  // What the primary knows about them: it prefills their own flow (issue 28), where they check and correct it.
  const [details, setDetails] = useState({
    firstName: applicant.firstName ?? '',
    lastName: applicant.lastName ?? '',
    mobile: applicant.mobile ?? '',
    relation: applicant.relation ?? '',
    email: applicant.email ?? '',
  });
  const [status, setStatus] = useState<string | null>(applicant.linkSentAt ? t('portal.joint.sent', { to: applicant.email ?? '' }, `Link sent to ${applicant.email}`) : null);
  const id = applicant.applicantId;
  const title = partyTitle(t, { type: applicant.type, number, firstName: applicant.firstName, lastName: applicant.lastName });
  const set = (k: keyof typeof details) => (e: { target: { value: string } }) => setDetails((d) => ({ ...d, [k]: e.target.value }));
  const send = async () => {
    try {
      onSent(await invite(app.application_id, id, details));
      setStatus(t('portal.joint.sent', { to: details.email }, `Link sent to ${details.email}`));
    } catch {
      /* the shell's error modal explains */
    }
  };
  const text = (k: 'firstName' | 'lastName' | 'mobile', label: string, extra: Record<string, string> = {}) => (
    <div className="ll-field">
      <label htmlFor={`${id}-${k}`}>{label}</label>
      <input id={`${id}-${k}`} type="text" autoComplete="off" value={details[k]} onChange={set(k)} {...extra} />
    </div>
  );
  return (
    <fieldset className="ll-field ll-field--group" data-applicant-number={number}>
      <legend>{title}</legend>
      {text('firstName', t('portal.joint.name', undefined, 'First name'))}
      {text('lastName', t('parties.invite.lastName', undefined, 'Last name'))}
      {text('mobile', t('parties.invite.mobile', undefined, 'Mobile number'), { inputMode: 'numeric', maxLength: '10' })}
      <div className="ll-field">
        <label htmlFor={`${id}-relation`}>{t('parties.invite.relation', undefined, 'Relation to you')}</label>
        <select id={`${id}-relation`} value={details.relation} onChange={set('relation')}>
          <option value="">{t('parties.invite.choose', undefined, 'Choose')}</option>
          {RELATIONS.map((r) => (
            <option key={r} value={r}>
              {relationLabel(t, r)}
            </option>
          ))}
        </select>
      </div>
      <div className="ll-field">
        <label htmlFor={`${id}-email`}>{t('portal.joint.email', undefined, 'E-mail address')}</label>
        <input id={`${id}-email`} type="email" autoComplete="off" value={details.email} onChange={set('email')} />
      </div>
      <button type="button" className="ll-button--secondary" disabled={!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(details.email)} onClick={send}>
        {t('portal.joint.send', undefined, 'Send their link')}
      </button>
      {status && <p role="status">{status}</p>}
    </fieldset>
  );
}
