import { parseDate, type CalendarDate } from '@internationalized/date';
import { SegmentedDateField, type FieldTextProps } from './field-parts';
import { useKitStyles } from './styles';

export interface DateFieldProps extends FieldTextProps {
  /** ISO date (YYYY-MM-DD) or null: callers and the API keep ISO; only the screen shows DD/MM/YYYY. */
  value: string | null;
  onChange(value: string | null): void;
  /** ISO bounds; react-aria marks the field invalid outside them. */
  min?: string;
  max?: string;
}

const toDate = (iso: string | null | undefined): CalendarDate | null => {
  if (!iso) return null;
  try {
    return parseDate(iso.slice(0, 10));
  } catch {
    return null; // an unreadable stored value shows as an empty field rather than breaking the page
  }
};

/**
 * A date typed segment by segment (day, month, year; arrows step a segment, digits fill it), shown
 * in §9's DD/MM/YYYY whatever the browser's locale: the en-GB locale gives that order, so the field
 * is wrapped in it rather than following the page language. A Hindi page uses hi-IN: the same day/month/year order
 * with Latin digits, and the segments' names (read by screen readers) in Hindi from the browser's Intl.DisplayNames.
 * The page's language is read from <html lang> (the i18n store sets it), so the kit needs no store of its own.
 */
export function DateField({ label, value, onChange, min, max, isRequired, description, errorMessage, testId }: DateFieldProps) {
  useKitStyles();
  return (
    <SegmentedDateField
      label={label}
      value={toDate(value)}
      onChange={(d) => onChange(d ? d.toString() : null)}
      minValue={toDate(min) ?? undefined}
      maxValue={toDate(max) ?? undefined}
      isRequired={isRequired}
      description={description}
      errorMessage={errorMessage}
      testId={testId}
    />
  );
}
