import type { FieldConfig } from '@lendline/shared/form-engine';

/**
 * Codes written in capitals (PAN, IFSC, customer id): a pattern whose letters are only A–Z, or an explicit
 * field_type_details.uppercase. Such a field upper-cases as the applicant types, so "abcde1234f" on a phone
 * keyboard is the PAN ABCDE1234F rather than "Enter a valid PAN" (§5 still checks the pattern).
 */
export function isUpperCaseCode(field: FieldConfig): boolean {
  const d = field.field_type_details;
  if (d.uppercase === true) return true;
  if (d.uppercase === false) return false;
  const regex = typeof d.regex === 'string' ? d.regex : '';
  return /A-Z/.test(regex) && !/a-z|\\w|\\p|\\u|\.|\(\?i\)/.test(regex);
}
