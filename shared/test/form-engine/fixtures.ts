import type { FieldConfig, FieldTypeDetails } from '../../src/form-engine';
import { fixedClock } from '../../src/form-engine';

/** "Today" for every test: 29 Feb 2024 (a leap day), mid-afternoon local time. */
export const TODAY = new Date(2024, 1, 29, 15, 30, 0);
export const clock = fixedClock(TODAY);

export function field(key: string, details: Partial<FieldTypeDetails> & { type: FieldTypeDetails['type'] }, extra: Partial<FieldConfig> = {}): FieldConfig {
  return { key, label: key, field_type_details: details as FieldTypeDetails, ...extra };
}
