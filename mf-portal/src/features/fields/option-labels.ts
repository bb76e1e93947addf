import { useMemo } from 'react';
import { useLanguage } from '@lendline/shared';
import { fieldOptions, type FieldConfig, type FieldOption } from '@lendline/shared/form-engine';

/** An option's label in the applicant's language (its labels[lang]), else the configured (English) label. */
export function optionLabel(o: FieldOption, lang: string): string {
  return o.labels?.[lang] ?? o.label;
}

/** The field's options with labels in the language the applicant reads; values stay as configured. */
export function useFieldOptions(field: FieldConfig): FieldOption[] {
  const lang = useLanguage();
  return useMemo(() => fieldOptions(field).map((o) => ({ ...o, label: optionLabel(o, lang) })), [field, lang]);
}
