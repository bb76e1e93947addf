import type { FieldConfig } from '@lendline/shared/form-engine';

/** Props every field component takes: its configuration and whether the applicant may edit it. */
export interface FieldProps {
  field: FieldConfig;
  /** Final-form name (the key, or a row-prefixed key inside containers and multipleInputs). */
  name: string;
  disabled?: boolean;
}
