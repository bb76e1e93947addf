import { useState } from 'react';
import { useT } from '@lendline/shared';
import { acceptKfs, sendKfsCode } from './kfs-api';

/** Accepting with a one-time code sent to the mobile number (or e-mail) the applicant gave: send, then enter it. */
export function KfsAccept({ applicationId, proposalNo, onAccepted }: { applicationId: string; proposalNo: string; onAccepted: () => void }) {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const send = async () => {
    setBusy(true);
    setProblem(null);
    try {
      setSentTo((await sendKfsCode(applicationId, proposalNo)).sentTo);
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  const accept = async () => {
    setBusy(true);
    setProblem(null);
    try {
      const r = await acceptKfs(applicationId, proposalNo, code);
      if (r.accepted) return onAccepted();
      const why: Record<string, string> = {
        WRONG_CODE: t('pricing.kfs.wrongCode', { left: r.attemptsLeft ?? 0 }, `That code is not right. ${r.attemptsLeft ?? 0} tries left.`),
        EXPIRED: t('pricing.kfs.codeExpired', undefined, 'The code has expired. Send a new one.'),
        TOO_MANY_ATTEMPTS: t('pricing.kfs.tooMany', undefined, 'Too many wrong codes. Send a new one.'),
      };
      setProblem(why[r.reason ?? ''] ?? t('pricing.kfs.sendAgain', undefined, 'Send a new code and try again.'));
    } catch (e) {
      setProblem((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="ll-kfs__accept">
      <p>{t('pricing.kfs.acceptIntro', undefined, 'If you agree to these terms, accept the statement with a one-time code.')}</p>
      {!sentTo ? (
        <button type="button" onClick={send} disabled={busy} aria-busy={busy || undefined}>
          {t('pricing.kfs.sendCode', undefined, 'Send me the code')}
        </button>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void accept(); }}>
          <p role="status">{t('pricing.kfs.sent', { to: sentTo }, `We sent a code to ${sentTo}.`)}</p>
          <label htmlFor="ll-kfs-code">{t('pricing.kfs.code', undefined, 'One-time code')}</label>
          <input id="ll-kfs-code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
          <div className="ll-inline">
            <button type="submit" disabled={busy || code.length !== 6} aria-busy={busy || undefined}>
              {t('pricing.kfs.accept', undefined, 'Accept the Key Fact Statement')}
            </button>
            <button type="button" className="ll-link" onClick={send} disabled={busy}>
              {t('pricing.kfs.resend', undefined, 'Send a new code')}
            </button>
          </div>
        </form>
      )}
      {problem && <p role="alert">{problem}</p>}
    </div>
  );
}
