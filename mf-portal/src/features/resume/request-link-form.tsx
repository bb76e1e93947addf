import { useState } from 'react';
import { useT } from '@lendline/shared';
import { requestContinueLink } from './continue-later-api';
import { reasonOf } from '../../lib/reason-of';

const MOBILE = /^\+?[0-9][0-9 -]{8,15}$/;
const EMAIL = /^[^@\s]+@[^@\s]+\.[^@\s]+$/;

/**
 * /dynamic-resume without a link: ask for the link again by mobile number or e-mail. The server answers the same
 * whether or not an application matched, and so does this page.
 */
export function RequestLinkForm() {
  const t = useT();
  const [contact, setContact] = useState('');
  const [busy, setBusy] = useState(false);
  const [said, setSaid] = useState<{ ok: boolean; text: string } | null>(null);
  const valid = MOBILE.test(contact.trim()) || EMAIL.test(contact.trim());
  const submit = async () => {
    setBusy(true);
    setSaid(null);
    try {
      await requestContinueLink(contact.trim());
      setSaid({ ok: true, text: t('continueLater.requested', undefined, 'If an application in progress is recorded with these details, a link to continue it has been sent to its mobile number and e-mail address.') });
    } catch (e) {
      setSaid({ ok: false, text: reasonOf(e) });
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ll-card" aria-labelledby="ll-request-link-title">
      <h2 id="ll-request-link-title">{t('continueLater.requestTitle', undefined, 'Continue your application')}</h2>
      <p>{t('continueLater.noLink', undefined, 'Open the link from your e-mail or SMS to continue your application.')}</p>
      <form onSubmit={(e) => { e.preventDefault(); if (valid) void submit(); }}>
        <label htmlFor="ll-request-link-contact">{t('continueLater.contact', undefined, 'No link? Your mobile number or e-mail address')}</label>
        <input id="ll-request-link-contact" type="text" inputMode="email" autoComplete="email" maxLength={120} value={contact} onChange={(e) => setContact(e.target.value)} />
        <button type="submit" disabled={busy || !valid} aria-busy={busy || undefined}>
          {t('continueLater.request', undefined, 'Send me a link')}
        </button>
      </form>
      {said && <p role={said.ok ? 'status' : 'alert'}>{said.text}</p>}
    </section>
  );
}
