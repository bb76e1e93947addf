import { useEffect, useEffectEvent, useId, useRef, useState, type FormEvent } from 'react';
import { ApiError, useT } from '@lendline/shared';
import { go } from '../../lib/navigate';
import { withSpinner } from '../../ui/spinner';
import { startSession } from '../../api/session-api';
import { useTenant } from '../../lib/tenant-store';
import { staffLogin } from '../../api/auth-api';
import { fetchCaptchaConfig, fetchChallenge, type CaptchaChallenge, type CaptchaConfig } from './captcha-api';

type Field = 'username' | 'password' | 'captcha';
type Errors = Partial<Record<Field | 'form', string>>;

/** Staff login at / and ./login: inline errors tied to their fields, password RSA-encrypted. */
export function LoginForm() {
  const t = useT();
  const ids = { username: useId(), password: useId(), captcha: useId(), error: useId() };
  const { tenantId } = useTenant();
  const [values, setValues] = useState({ username: '', password: '', captcha: '' });
  const [errors, setErrors] = useState<Errors>({});
  const [busy, setBusy] = useState(false);
  const [captchaCfg, setCaptchaCfg] = useState<CaptchaConfig | null>(null);
  const [challenge, setChallenge] = useState<CaptchaChallenge | null>(null);
  const refs = { username: useRef<HTMLInputElement>(null), password: useRef<HTMLInputElement>(null), captcha: useRef<HTMLInputElement>(null) };
  // The form is painted from the server's HTML before this script runs (issue 31). Until it runs, the button stays
  // disabled, so neither a click nor Enter can submit natively (the password would leave unencrypted); once hydrated,
  // what was typed meanwhile is taken over (React keeps it on screen but not in state) and sent through the RSA
  // encryption like anything typed later.
  const [live, setLive] = useState(false);
  useEffect(() => {
    const typed = { username: refs.username.current?.value ?? '', password: refs.password.current?.value ?? '' };
    if (typed.username || typed.password) setValues((v) => ({ ...v, ...typed }));
    setLive(true);
    // Once, at mount: the refs are this form's inputs.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  async function newChallenge(cfg: CaptchaConfig | null) {
    setChallenge(null);
    if (!cfg) return;
    try {
      setChallenge(await fetchChallenge(cfg));
    } catch {
      setErrors((e) => ({ ...e, captcha: t('login.captchaUnavailable') }));
    }
  }

  // An effect event: it sees the current `t` (for the error text) without the language becoming a reason to
  // fetch a new captcha, which would replace the one the user is typing.
  const captchaConfigured = useEffectEvent((cfg: CaptchaConfig | null) => {
    setCaptchaCfg(cfg);
    void newChallenge(cfg);
  });

  useEffect(() => {
    let live = true;
    void fetchCaptchaConfig().then((cfg) => {
      if (live) captchaConfigured(cfg);
    });
    return () => {
      live = false;
    };
    // The captcha setting is per tenant: read again when the tenant changes.
  }, [tenantId]);

  function validate(): Errors {
    const e: Errors = {};
    if (!values.username.trim()) e.username = t('login.usernameRequired');
    if (!values.password) e.password = t('login.passwordRequired');
    if (captchaCfg && !values.captcha.trim()) e.captcha = t('login.captchaRequired');
    return e;
  }

  async function onSubmit(ev: FormEvent) {
    ev.preventDefault();
    const e = validate();
    setErrors(e);
    const first = (['username', 'password', 'captcha'] as Field[]).find((f) => e[f]);
    if (first) {
      refs[first].current?.focus();
      return;
    }
    setBusy(true);
    try {
      const captcha = captchaCfg && challenge ? { captchaId: challenge.captchaId, captchaResponse: values.captcha.trim() } : undefined;
      const reply = await withSpinner(staffLogin(values.username.trim(), values.password, captcha));
      startSession(reply);
      go('/backstage');
    } catch (err) {
      const status = err instanceof ApiError ? err.status : 0;
      const body = err instanceof ApiError ? (err.body as { message?: string; data?: { label?: string; reason?: string }[] } | null) : null;
      const captchaFailed = body?.data?.some((d) => /captcha/i.test(d.label ?? '') || /captcha/i.test(d.reason ?? ''));
      // 429: a lockout or a request limit; its reason says when to try again (§8 data items).
      const reasons = (body?.data ?? []).map((d) => d.reason).filter((r): r is string => !!r);
      if (captchaFailed) setErrors({ captcha: t('login.captchaWrong') });
      else if (status === 401) setErrors({ form: t('login.invalidCredentials') });
      else if (status === 429 && reasons.length) setErrors({ form: reasons.join(' ') });
      else if (status === 400) setErrors({ form: body?.message ?? t('login.failed') });
      else setErrors({ form: t('login.failed') });
      setValues((v) => ({ ...v, password: '', captcha: '' }));
      void newChallenge(captchaCfg);
    } finally {
      setBusy(false);
    }
  }

  const set = (f: Field) => (ev: React.ChangeEvent<HTMLInputElement>) => setValues((v) => ({ ...v, [f]: ev.target.value }));
  const describedBy = (f: Field) => (errors[f] ? `${ids[f]}-err` : undefined);

  return (
    <form className="ll-login" onSubmit={onSubmit} noValidate aria-describedby={errors.form ? ids.error : undefined}>
      {errors.form && (
        <p id={ids.error} role="alert" className="ll-form-error" data-testid="login-error">
          {errors.form}
        </p>
      )}
      <div className="ll-field">
        <label htmlFor={ids.username}>{t('login.username')}</label>
        <input ref={refs.username} id={ids.username} name="username" autoComplete="username" value={values.username} onChange={set('username')} aria-invalid={!!errors.username} aria-describedby={describedBy('username')} />
        {errors.username && <span id={`${ids.username}-err`} className="ll-field-error">{errors.username}</span>}
      </div>
      <div className="ll-field">
        <label htmlFor={ids.password}>{t('login.password')}</label>
        <input ref={refs.password} id={ids.password} name="password" type="password" autoComplete="current-password" value={values.password} onChange={set('password')} aria-invalid={!!errors.password} aria-describedby={describedBy('password')} />
        {errors.password && <span id={`${ids.password}-err`} className="ll-field-error">{errors.password}</span>}
      </div>
      {captchaCfg && (
        <div className="ll-field" data-testid="captcha">
          <label htmlFor={ids.captcha}>{challenge?.question ?? t('login.captcha')}</label>
          {challenge?.image && <img className="ll-captcha-image" src={challenge.image} alt={t('login.captchaImageAlt')} />}
          <div className="ll-captcha-row">
            <input ref={refs.captcha} id={ids.captcha} name="captcha" autoComplete="off" value={values.captcha} onChange={set('captcha')} aria-invalid={!!errors.captcha} aria-describedby={describedBy('captcha')} />
            <button type="button" className="ll-button--secondary" onClick={() => void newChallenge(captchaCfg)}>
              {t('login.captchaReload')}
            </button>
          </div>
          {errors.captcha && <span id={`${ids.captcha}-err`} className="ll-field-error">{errors.captcha}</span>}
        </div>
      )}
      <button type="submit" disabled={busy || !live}>
        {busy ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
