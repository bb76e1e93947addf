import { useState } from 'react';
import { useT } from '@lendline/shared';
import { openContinueLink, sendContinueCode, type Opened } from './continue-later-api';
import { reasonOf } from './reason-of';

/**
 * Opening a "continue later" link: a one-time code goes to the mobile number the application records (the server
 * picks it; the page names none), then the code opens the application on this device.
 */
export function ContinueCode({ applicationId, verificationId, onOpened }: { applicationId: string; verificationId: string; onOpened: (o: Opened) => void }) {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setSentTo((await sendContinueCode(applicationId, verificationId)).sentTo);
    } catch (e) {
      setProblem(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };
  const open = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const r = await openContinueLink(applicationId, verificationId, code);
      if (r.data.opened) return onOpened(r);
      const left = r.data.attemptsLeft ?? 0;
      const why: Record<string, string> = {
        WRONG_CODE: t('continueLater.wrongCode', { left }, `That code is not right. ${left} tries left.`),
        EXPIRED: t('continueLater.codeExpired', undefined, 'The code has expired. Send a new one.'),
        TOO_MANY_ATTEMPTS: t('continueLater.tooMany', undefined, 'Too many wrong codes. Send a new one.'),
      };
      setProblem(why[r.data.reason ?? ''] ?? t('continueLater.sendAgain', undefined, 'Send a new code and try again.'));
    } catch (e) {
      setProblem(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="ll-card" aria-labelledby="ll-continue-title">
      <h2 id="ll-continue-title">{t('continueLater.openTitle', undefined, 'Continue your application')}</h2>
      {!sentTo ? (
        <>
          <p>{t('continueLater.openIntro', undefined, 'To open your application on this device, we will send a one-time code to the mobile number in your application.')}</p>
          <button type="button" onClick={() => void send()} disabled={busy} aria-busy={busy || undefined}>
            {t('continueLater.sendCode', undefined, 'Send me the code')}
          </button>
        </>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void open(); }}>
          <p role="status">{t('continueLater.codeSent', { to: sentTo }, `We sent a code to ${sentTo}.`)}</p>
          <label htmlFor="ll-continue-code">{t('continueLater.code', undefined, 'One-time code')}</label>
          <input id="ll-continue-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
          <div className="ll-inline">
            <button type="submit" disabled={busy || code.length !== 6} aria-busy={busy || undefined}>
              {t('continueLater.open', undefined, 'Verify and continue')}
            </button>
            <button type="button" className="ll-link" onClick={() => void send()} disabled={busy}>
              {t('continueLater.resend', undefined, 'Send a new code')}
            </button>
          </div>
        </form>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
