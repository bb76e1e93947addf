import { parseDate, parseDateTime, toCalendarDateTime, type CalendarDateTime } from '@internationalized/date';
import { SegmentedDateField, type FieldTextProps } from './field-parts';
import { useKitStyles } from './styles';

export interface DateTimeFieldProps extends FieldTextProps {
  /**
   * A local date and time as `YYYY-MM-DDTHH:MM` (what a datetime-local input gave: the user's clock, no zone), or ''
   * while not every segment is filled. Callers turn it into an instant with `new Date(value).toISOString()`.
   */
  value: string;
  onChange(value: string): void;
  /** The earliest date (ISO YYYY-MM-DD) accepted; react-aria marks the field invalid before it. */
  minDate?: string;
}

const toDateTime = (local: string | undefined): CalendarDateTime | null => {
  if (!local) return null;
  try {
    return parseDateTime(local.slice(0, 16));
  } catch {
    return null; // an unreadable value shows as an empty field rather than breaking the page
  }
};

const startOf = (isoDate: string | undefined): CalendarDateTime | undefined => {
  if (!isoDate) return undefined;
  try {
    return toCalendarDateTime(parseDate(isoDate.slice(0, 10)));
  } catch {
    return undefined;
  }
};

/** `YYYY-MM-DDTHH:MM`: the seconds CalendarDateTime's toString adds are not chosen by anyone. */
const toLocal = (d: CalendarDateTime) => d.toString().slice(0, 16);

/**
 * A date and a time in one field (react-aria's DateField at minute granularity): DD/MM/YYYY as §9 shows dates, then
 * hh:mm and AM/PM as the product shows times (formatDateTime), typed segment by segment (digits fill a segment,
 * arrows step it). It replaces a native datetime-local input, whose picker and format follow the browser's locale
 * rather than the product's, and the date + quarter-hour pair two remotes had each composed from the kit's DateField
 * and Select. The value is complete only when every segment is filled; until then it is ''.
 */
export function DateTimeField({ label, value, onChange, minDate, isRequired, description, errorMessage, testId }: DateTimeFieldProps) {
  useKitStyles();
  return (
    <SegmentedDateField
      label={label}
      granularity="minute"
      hourCycle={12}
      value={toDateTime(value)}
      onChange={(d) => onChange(d ? toLocal(d) : '')}
      minValue={startOf(minDate)}
      isRequired={isRequired}
      description={description}
      errorMessage={errorMessage}
      testId={testId}
    />
  );
}
