import { isMandatory, type FieldConfig } from '@lendline/shared/form-engine';
import { describedBy, type fieldIds } from './field-ids';

/**
 * The ARIA state every config field's control (or group) carries: required from the config, invalid while an
 * error shows, and described by that error (FieldFrame renders it under ids.error) plus any hints the field adds.
 */
export function controlAria(field: FieldConfig, errorMessage: string | null, ids: ReturnType<typeof fieldIds>, ...hints: string[]) {
  return {
    'aria-required': isMandatory(field) || undefined,
    'aria-invalid': errorMessage ? true : undefined,
    'aria-describedby': describedBy(errorMessage && ids.error, ...hints),
  } as const;
}
