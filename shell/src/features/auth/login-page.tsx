import { useT } from '@lendline/shared';
import { LoginForm } from './login-form';

/** The staff sign-in page (root for signed-out users, and ./login after "Invalid user"). */
export function LoginPage() {
  const t = useT();
  return (
    <section className="ll-login-page" aria-labelledby="login-title">
      <h1 id="login-title">{t('login.title')}</h1>
      <p className="ll-muted">{t('login.subtitle')}</p>
      <LoginForm />
    </section>
  );
}
