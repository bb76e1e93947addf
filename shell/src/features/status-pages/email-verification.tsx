import { useEffect, useState } from 'react';
import { ApiError, useT } from '@lendline/shared';
import { go } from '../../lib/navigate';
import { customerLogin } from '../../api/auth-api';
import { startSession } from '../../api/session-api';
import { decryptLink, isLinkExpired, parseEmailLink, verifyEmail } from './email-verification-api';

export const EMAIL_LOGIN_FAILED = 'Internal Server Error, Kinsly contact Admin';

// A failed sign-in is kept as a phase, not as text: the effect runs once per visit (it signs in and verifies),
// so it must not depend on the language, and the message follows a language change.
type State = { phase: 'loading' } | { phase: 'loginFailed' } | { phase: 'done'; message: string } | { phase: 'error'; message: string };

/**
 * /email-verification?appDetails=… (§2, §5, §8): signs in with the customer account, reads the
 * encrypted link, sends expired links to /expired-link, else shows the server's verification message.
 */
export function EmailVerification() {
  const t = useT();
  const [state, setState] = useState<State>({ phase: 'loading' });

  useEffect(() => {
    let live = true;
    const appDetails = new URLSearchParams(location.search).get('appDetails');
    (async () => {
      if (!appDetails) return go('/invalidURL', { replace: true });
      try {
        startSession(await customerLogin());
      } catch {
        if (live) setState({ phase: 'loginFailed' });
        return;
      }
      try {
        const link = parseEmailLink(await decryptLink(appDetails));
        if (!link) return go('/invalidURL', { replace: true });
        if (isLinkExpired(link, Date.now())) return go('/expired-link', { replace: true });
        const message = await verifyEmail(link);
        if (live) setState({ phase: 'done', message });
      } catch (e) {
        const body = e instanceof ApiError ? (e.body as { message?: string } | null) : null;
        if (live) setState({ phase: 'error', message: body?.message ?? (e instanceof Error ? e.message : String(e)) });
      }
    })();
    return () => {
      live = false;
    };
  }, []);

  return (
    <section className="ll-status-page" aria-labelledby="ev-title" aria-busy={state.phase === 'loading'}>
      <h1 id="ev-title">{t('status.emailVerification', undefined, 'Email Verification')}</h1>
      {state.phase === 'loading' ? (
        <div role="status" className="ll-inline-spinner">
          <span className="ll-spinner" aria-hidden="true" />
          <span className="ll-visually-hidden">{t('app.loading')}</span>
        </div>
      ) : (
        <p role={state.phase === 'done' ? 'status' : 'alert'} data-testid="email-verification-message">
          {state.phase === 'loginFailed' ? t('errors.emailVerificationLogin', undefined, EMAIL_LOGIN_FAILED) : state.message}
        </p>
      )}
    </section>
  );
}
