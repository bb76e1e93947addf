import { useState } from 'react';
import { useForm } from 'react-final-form';
import type { OtpValue } from '@lendline/shared/form-engine';
import { getValue, numericBound } from '@lendline/shared/form-engine';
import { controlAria } from './control-aria';
import { FieldFrame } from './field-frame';
import { fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useFieldServices, type OtpCheckResult } from './field-services';
import { useConfigField } from './use-config-field';
import { maskedNumber } from './otp-mask';
import { CheckIcon } from '@lendline/shared/ui/icons';

/**
 * One-time password: send a code to the recipient (field_type_details.recipient names the field holding the
 * number or address, e.g. "mobile"), type it (one-time-code autofill on phones), verify. The value is
 * {type: 'otp', recipient, isVerified}; a mandatory OTP counts only once verified (§5).
 */
export function OtpField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage, t } = useConfigField<OtpValue | null>(field, name, disabled);
  const form = useForm();
  const services = useFieldServices();
  const ids = fieldIds(name);
  const length = numericBound(field.field_type_details.length) ?? 6;
  const [code, setCode] = useState('');
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const verified = input.value?.isVerified === true;
  const recipientKey = String(field.field_type_details.recipient ?? 'mobile');

  const recipient = () => String(getValue(form.getState().values as Record<string, unknown>, recipientKey) ?? input.value?.recipient ?? '');

  const send = async () => {
    if (!services.sendOtp) return setNote(t('portal.fields.otpUnavailable', undefined, 'Sending a code is not available here.'));
    setBusy(true);
    setNote(null);
    try {
      const r = await services.sendOtp(field.key, recipient());
      setSentTo(r.sentTo);
      input.onChange({ type: 'otp', recipient: recipient(), isVerified: false });
    } catch (e) {
      setNote(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  const verify = async () => {
    if (!services.verifyOtp) return;
    setBusy(true);
    setNote(null);
    try {
      const check = await services.verifyOtp(field.key, recipient(), code);
      input.onChange({ type: 'otp', recipient: recipient(), isVerified: check.verified });
      setNote(check.verified ? null : otpProblem(check, t));
    } catch (e) {
      setNote(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
      input.onBlur();
    }
  };

  const willSendTo = maskedNumber(recipient());
  if (verified) {
    return (
      <FieldFrame field={field} name={name} error={null} as="none">
        <p className="ll-verified" role="status">
          <CheckIcon /> {t('portal.fields.otpVerified', undefined, 'Verified')}
        </p>
      </FieldFrame>
    );
  }
  return (
    <FieldFrame field={field} name={name} error={errorMessage}>
      <div className="ll-inline">
        <input
          id={ids.input}
          name={name}
          type="text"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern={`[0-9]{${length}}`}
          maxLength={length}
          value={code}
          disabled={disabled || !sentTo}
          {...controlAria(field, errorMessage, ids, `${ids.hint}-sent`)}
          onChange={(e) => setCode(e.target.value.replace(/\D/g, '').slice(0, length))}
          onBlur={input.onBlur}
        />
        {sentTo ? (
          <button type="button" disabled={disabled || busy || code.length !== length} onClick={verify}>
            {t('portal.fields.verify', undefined, 'Verify')}
          </button>
        ) : null}
        <button type="button" className={sentTo ? 'll-button--secondary' : undefined} disabled={disabled || busy} onClick={send}>
          {sentTo ? t('portal.fields.resend', undefined, 'Send again') : t('portal.fields.sendCode', undefined, 'Send code')}
        </button>
      </div>
      {/* The line follows the state (send → sent → verified above): nothing claims a code was sent before it was. */}
      <p className="ll-muted" id={`${ids.hint}-sent`} role="status">
        {sentTo
          ? t('portal.fields.otpSent', { to: sentTo }, `Code sent to ${sentTo}`)
          : willSendTo
            ? t('portalForm.otpWillSend', { to: willSendTo }, `Press "Send code" to get a code on ${willSendTo}.`)
            : t('portalForm.otpNotSent', undefined, 'Press "Send code" to get a code.')}
      </p>
      {note && (
        <p className="ll-field-error" role="alert">
          {note}
        </p>
      )}
    </FieldFrame>
  );
}

/** Says why a code did not verify, so the applicant knows whether to retype it or ask for a new one. */
function otpProblem(check: OtpCheckResult, t: (key: string, params?: Record<string, string | number>, fallback?: string) => string): string {
  switch (check.reason) {
    case 'WRONG_CODE':
      return t('portal.fields.otpWrongLeft', { left: check.attemptsLeft ?? 0 }, `That code is not right. ${check.attemptsLeft ?? 0} tries left.`);
    case 'EXPIRED':
      return t('portal.fields.otpExpired', undefined, 'That code has expired. Send a new code.');
    case 'TOO_MANY_ATTEMPTS':
      return t('portal.fields.otpTooMany', undefined, 'Too many wrong tries for that code. Send a new code.');
    default:
      return t('portal.fields.otpWrong', undefined, 'That code is not right or has expired. Try again or send a new code.');
  }
}
