import { useEffect, useState } from 'react';
import { fieldLabel, numericBound } from '@lendline/shared/form-engine';
import type { FieldProps } from './field-props';
import { useT } from '@lendline/shared';

/**
 * A countdown (field_type_details.seconds, e.g. how long an offer or a code stays valid), shown as mm:ss. The
 * visible clock is not announced every second (role="timer" is polite by default in no reader); the end is.
 */
export function TimerField({ field }: FieldProps) {
  const t = useT();
  const total = numericBound(field.field_type_details.seconds) ?? numericBound(field.field_type_details.max_value) ?? 0;
  const [left, setLeft] = useState(total);
  useEffect(() => {
    setLeft(total);
    if (total <= 0) return;
    const started = Date.now();
    const id = setInterval(() => {
      const rest = Math.max(0, total - Math.floor((Date.now() - started) / 1000));
      setLeft(rest);
      if (rest === 0) clearInterval(id);
    }, 1000);
    return () => clearInterval(id);
  }, [total]);
  const mm = String(Math.floor(left / 60)).padStart(2, '0');
  const ss = String(left % 60).padStart(2, '0');
  return (
    <div className="ll-field" data-field={field.key}>
      <span className="ll-label">{fieldLabel(field)}</span>
      <span role="timer" aria-live="off" className="ll-timer">
        {mm}:{ss}
      </span>
      <span aria-live="polite" className="ll-visually-hidden">
        {left === 0 && total > 0 ? t('portal.fields.timerEnded', undefined, 'Time is up') : ''}
      </span>
    </div>
  );
}
