import { useState, type KeyboardEvent } from 'react';
import { MAX_INTEREST_RATE } from '@lendline/shared';
import {
  acceptAmountKeystroke,
  acceptInterestRateKeystroke,
  CURRENCY_SYMBOLS,
  formatCurrency,
  isAmountField,
  isCurrencyField,
  isInterestRateField,
  isMandatory,
  maxAmountLength,
  normaliseAmountOnKeyUp,
} from '@lendline/shared/form-engine';
import { FieldFrame } from './field-frame';
import { describedBy, fieldIds } from './field-ids';
import type { FieldProps } from './field-props';
import { useConfigField } from './use-config-field';
import { inputKindOf } from './input-kind';
import { isUpperCaseCode } from './code-case';

function currencyOf(field: FieldProps['field']): string {
  const c = field.field_type_details.currency_field;
  return typeof c === 'string' && c !== '' && c.toLowerCase() !== 'true' ? c : 'INR';
}

/**
 * Text input. Amount fields follow §5's keystroke rules (digits and one dot, no leading dot, at most 10 integer
 * digits) and key-up clean-up, and show the amount formatted for its currency (INR lakh grouping) when not being
 * edited. Interest rates accept digits and a dot up to 99.99.
 */
export function TextField({ field, name, disabled }: FieldProps) {
  const { input, errorMessage } = useConfigField<string>(field, name, disabled);
  const [editing, setEditing] = useState(false);
  const ids = fieldIds(name);
  const amount = isAmountField(field);
  const rate = isInterestRateField(field);
  const currency = isCurrencyField(field) ? currencyOf(field) : null;
  const digits = maxAmountLength(field);
  const raw = input.value === undefined || input.value === null ? '' : String(input.value);

  const onKeyDown = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.ctrlKey || e.metaKey || e.altKey) return;
    const el = e.currentTarget;
    const caret = el.selectionStart ?? raw.length;
    const end = el.selectionEnd ?? caret;
    const current = raw.slice(0, caret) + raw.slice(end);
    if (amount && !acceptAmountKeystroke(current, e.key, digits, caret)) e.preventDefault();
    else if (rate && !acceptInterestRateKeystroke(current, e.key, caret)) e.preventDefault();
  };
  const onKeyUp = () => {
    if (!amount) return;
    const cleaned = normaliseAmountOnKeyUp(raw, digits);
    if (cleaned !== raw) input.onChange(cleaned);
  };
  const shown = currency && !editing && raw !== '' ? formatCurrency(raw, currency) || raw : raw;
  const symbol = currency ? (currency.toUpperCase() === 'PERCENT' ? '%' : CURRENCY_SYMBOLS[currency.toUpperCase()] ?? currency) : null;
  const hint = rate ? `Up to ${MAX_INTEREST_RATE}` : null;
  const kind = inputKindOf(field, { amount, rate });
  const upper = !amount && !rate && isUpperCaseCode(field);

  return (
    <FieldFrame field={field} name={name} error={errorMessage} hint={hint}>
      <div className={symbol ? 'll-adorned' : undefined}>
        {symbol && (
          <span className="ll-adornment" aria-hidden="true">
            {symbol}
          </span>
        )}
        <input
          id={ids.input}
          name={name}
          type={kind.type}
          inputMode={kind.inputMode}
          autoComplete={autoCompleteOf(field.key)}
          value={shown}
          disabled={disabled}
          aria-required={isMandatory(field) || undefined}
          aria-invalid={errorMessage ? true : undefined}
          aria-describedby={describedBy(hint && ids.hint, errorMessage && ids.error)}
          autoCapitalize={upper ? 'characters' : undefined}
          onChange={(e) => input.onChange(upper ? e.target.value.toUpperCase() : e.target.value)}
          onFocus={() => {
            setEditing(true);
            input.onFocus();
          }}
          onBlur={() => {
            setEditing(false);
            input.onBlur();
          }}
          onKeyDown={amount || rate ? onKeyDown : undefined}
          onKeyUp={amount ? onKeyUp : undefined}
        />
      </div>
    </FieldFrame>
  );
}

/** Browser autofill hints for the keys every flow uses; saves typing on a phone. */
function autoCompleteOf(key: string): string | undefined {
  const map: Record<string, string> = { firstName: 'given-name', lastName: 'family-name', email: 'email', mobile: 'tel-national' };
  return map[key];
}
