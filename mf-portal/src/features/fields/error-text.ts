import type { TFunction } from '@lendline/shared';
import type { FieldConfig, FormErrorKey } from '@lendline/shared/form-engine';
import { dateFormatOf, fieldLabel, formatCurrency, isCurrencyField, numericBound } from '@lendline/shared/form-engine';

/**
 * The §5 error keys (required, invalidValue, invalidRange, invalidDate) as a sentence a customer can act on,
 * naming the field and, where it helps, the allowed range or the date format. Also the portal's own keys for
 * rejected files (invalidFileType, fileTooLarge). Texts come from the i18n dictionaries with English defaults.
 */
export function errorText(t: TFunction, field: FieldConfig, key: string): string {
  const d = field.field_type_details;
  const label = fieldLabel(field);
  switch (key as FormErrorKey | 'invalidFileType' | 'fileTooLarge') {
    case 'required':
      if (d.type === 'checkbox' || d.type === 'toggle') return t('portal.fieldErrors.mustAccept', { label }, `${label} must be accepted`);
      if (d.type === 'otp') return t('portal.fieldErrors.otpRequired', { label }, `Verify ${label} to continue`);
      if (d.type === 'fileUploadHub') return t('portal.fieldErrors.fileRequired', { label }, `Upload ${label}`);
      if (d.type === 'signaturePad') return t('portal.fieldErrors.signatureRequired', { label }, `${label}: please sign and save your signature`);
      return t('portal.fieldErrors.required', { label }, `${label} is required`);
    case 'invalidRange': {
      const min = numericBound(d.min_value);
      const max = numericBound(d.max_value);
      const cur = typeof d.currency_field === 'string' ? d.currency_field : 'INR';
      const show = (n: number) => (isCurrencyField(field) ? formatCurrency(n, cur) : String(n));
      if (d.interest_rate) return t('portal.fieldErrors.rateMax', { label }, `${label} must not exceed 99.99`);
      if (min !== undefined && max !== undefined)
        return t('portal.fieldErrors.between', { label, min: show(min), max: show(max) }, `${label} must be between ${show(min)} and ${show(max)}`);
      return t('portal.fieldErrors.outOfRange', { label }, `${label} is out of the allowed range`);
    }
    case 'invalidDate':
      return t('portal.fieldErrors.invalidDate', { label, format: dateFormatOf(field) }, `Enter a real date for ${label} as ${dateFormatOf(field)}, within the allowed range`);
    case 'invalidFileType':
      return t('portal.fieldErrors.invalidFileType', { label }, 'File type is not allowed');
    case 'fileTooLarge':
      return t('portal.fieldErrors.fileTooLarge', { label }, 'File size must not exceed 10 MB');
    case 'invalidValue':
    default:
      if (isCurrencyField(field) || d.amount_field) return t('portal.fieldErrors.invalidAmount', { label }, `Enter a valid amount for ${label} (digits only, at most 10 before the decimal point)`);
      return t('portal.fieldErrors.invalidValue', { label }, `Enter a valid ${label}`);
  }
}
