import { useState } from 'react';
import { useT } from '@lendline/shared';
import { DateField, Select } from '@lendline/shared/ui';

export interface DateTimeFieldProps {
  label: string;
  /** Local date and time as `YYYY-MM-DDTHH:MM` (what a datetime-local input gave), or '' when not both chosen. */
  value: string;
  onChange(value: string): void;
  testId?: string;
}

/** Quarter hours of the day, "00:00" to "23:45": a call back is booked to the quarter hour. */
const TIMES = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}`);

/**
 * A date and a time from the kit: its DateField (DD/MM/YYYY, §9) and a Select of quarter hours, grouped under one
 * label. Composed here because the kit has no time field; it replaces a native datetime-local input, whose picker
 * and format follow the browser's locale instead of the product's. The value is complete only when both are chosen.
 */
export function DateTimeField({ label, value, onChange, testId }: DateTimeFieldProps) {
  const t = useT();
  const [date, setDate] = useState(value.slice(0, 10));
  const [time, setTime] = useState(value.slice(11, 16));
  const emit = (d: string, tm: string) => onChange(d && tm ? `${d}T${tm}` : '');
  return (
    <fieldset className="ll-datetime" data-testid={testId}>
      <legend>{label}</legend>
      <DateField
        label={t('staffScreens.date', undefined, 'Date')}
        value={date || null}
        onChange={(d) => {
          setDate(d ?? '');
          emit(d ?? '', time);
        }}
      />
      <Select
        label={t('staffScreens.time', undefined, 'Time')}
        placeholder="--:--"
        value={time || null}
        onChange={(tm) => {
          setTime(tm);
          emit(date, tm);
        }}
        options={TIMES.map((x) => ({ id: x, label: x }))}
      />
    </fieldset>
  );
}
