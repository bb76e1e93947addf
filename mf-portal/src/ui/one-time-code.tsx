import { useState, type ReactNode } from 'react';
import { useT } from '@lendline/shared';
import { reasonOf } from '../lib/reason-of';

/**
 * What the server said of a code: right (with what it opened), or why not (WRONG_CODE with the tries left, EXPIRED,
 * TOO_MANY_ATTEMPTS).
 */
export type CodeCheck<T> = { ok: true; value: T } | { ok: false; reason?: string | null; attemptsLeft?: number | null };

export interface OneTimeCodeProps<T> {
  /** The input's id (one per page). */
  id: string;
  /** Shown before the code is sent: what the code is for. */
  intro: ReactNode;
  sendLabel: string;
  submitLabel: string;
  /** Sends the code; answers where it went, masked ("******1234"). */
  send(): Promise<string>;
  check(code: string): Promise<CodeCheck<T>>;
  onVerified(value: T): void;
}

/**
 * A one-time code sent to the applicant's recorded mobile (the server picks it; the page names none), then typed
 * here: send → "sent to ******1234" → six digits → verified, with the server's reason when it is not. Accepting a KFS
 * and opening a continue-later link on another device both go through it.
 */
export function OneTimeCode<T>({ id, intro, sendLabel, submitLabel, send, check, onVerified }: OneTimeCodeProps<T>) {
  const t = useT();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const attempt = async (work: () => Promise<void>) => {
    setBusy(true);
    setProblem(null);
    try {
      await work();
    } catch (e) {
      setProblem(reasonOf(e));
    } finally {
      setBusy(false);
    }
  };
  const sendCode = () => attempt(async () => setSentTo(await send()));
  const verify = () =>
    attempt(async () => {
      const r = await check(code);
      if (r.ok) return onVerified(r.value);
      const left = r.attemptsLeft ?? 0;
      const why: Record<string, string> = {
        WRONG_CODE: t('oneTimeCode.wrongCode', { left }, `That code is not right. ${left} tries left.`),
        EXPIRED: t('oneTimeCode.codeExpired', undefined, 'The code has expired. Send a new one.'),
        TOO_MANY_ATTEMPTS: t('oneTimeCode.tooMany', undefined, 'Too many wrong codes. Send a new one.'),
      };
      setProblem(why[r.reason ?? ''] ?? t('oneTimeCode.sendAgain', undefined, 'Send a new code and try again.'));
    });
  return (
    <>
      {!sentTo ? (
        <>
          {intro}
          <button type="button" onClick={() => void sendCode()} disabled={busy} aria-busy={busy || undefined}>
            {sendLabel}
          </button>
        </>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            void verify();
          }}
        >
          <p role="status">{t('oneTimeCode.sent', { to: sentTo }, `We sent a code to ${sentTo}.`)}</p>
          <label htmlFor={id}>{t('oneTimeCode.code', undefined, 'One-time code')}</label>
          <input id={id} inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} value={code} onChange={(e) => setCode(e.target.value.replace(/\D/g, ''))} />
          <div className="ll-inline">
            <button type="submit" disabled={busy || code.length !== 6} aria-busy={busy || undefined}>
              {submitLabel}
            </button>
            <button type="button" className="ll-link" onClick={() => void sendCode()} disabled={busy}>
              {t('oneTimeCode.resend', undefined, 'Send a new code')}
            </button>
          </div>
        </form>
      )}
      {problem && <p role="alert">{problem}</p>}
    </>
  );
}
