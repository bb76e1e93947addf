import type { FieldConfig, SubSection } from '@lendline/shared/form-engine';

/**
 * Fields that belong to the customer's own verification: the existing customer's net-banking password and the
 * one-time passwords sent to the customer's phone. Staff must never be shown them (nor a box to type one into):
 * they prove the customer's identity, not the application's data.
 */
export const isCustomerSecret = (f: FieldConfig) => f.field_type_details.type === 'password' || f.field_type_details.type === 'otp';

/** A sub-section as staff see it: without the customer's secrets; null when nothing else is left in it. */
export function staffSubSection(sub: SubSection): SubSection | null {
  if (sub.isExistingCustomerOtp) return null;
  const fields = sub.fields?.filter((f) => !isCustomerSecret(f));
  const components = sub.components?.map((c) => ({ ...c, fields: c.fields.filter((f) => !isCustomerSecret(f)) })).filter((c) => c.fields.length > 0);
  const left = (fields?.length ?? 0) + (components?.reduce((n, c) => n + c.fields.length, 0) ?? 0);
  const hadFields = !!sub.fields?.length || !!sub.components?.some((c) => c.fields.length);
  // A custom sub-section (no fields of its own, e.g. co-applicants) is kept as it is.
  if (hadFields && left === 0) return null;
  return { ...sub, ...(sub.fields ? { fields } : {}), ...(sub.components ? { components } : {}) };
}
