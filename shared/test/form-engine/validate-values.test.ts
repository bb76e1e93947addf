import { MANDATORY_FIELDS_MESSAGE, checkBeforeSave, formValidity, validateForm, validateValues } from '../../src/form-engine';
import { formatErrorItem } from '../../src/contract';
import { clock, field } from './fixtures';

const fields = [
  field('firstName', { type: 'text', mandatory: true }, { label: 'First name' }),
  field('dob', { type: 'date', mandatory: true, property: 'BETWEEN_AGE', min_value: 18, max_value: 60 }, { label: 'Date of birth' }),
  field('loanAmount', { type: 'text', currency_field: 'INR', mandatory: true, min_value: 50000, max_value: 2000000 }, { label: 'Loan amount' }),
  field('consent', { type: 'checkbox', mandatory: true }, { label: 'Consent' }),
  field('payslips', { type: 'fileUploadHub', mandatory: true }, { label: 'Payslips' }),
];

const good = {
  firstName: 'Asha',
  dob: '15/08/1990',
  loanAmount: '500000',
  consent: true,
  payslips: { uploadedDocuments: [{ name: 'p.pdf', type: 'application/pdf', size: 100 }] },
};

describe('validateValues (server and client)', () => {
  it('passes valid values', () => {
    expect(validateValues(fields, good, { clock })).toEqual([]);
  });

  it('lists every problem as label - reason in field order', () => {
    const issues = validateValues(fields, { ...good, firstName: '', dob: '31/02/2024', loanAmount: '99999999999', consent: false }, { clock });
    expect(issues.map(formatErrorItem)).toEqual([
      'First name - This field is required',
      'Date of birth - Invalid date',
      'Loan amount - Invalid value',
      'Consent - This field is required',
    ]);
  });

  it('skips fields read-only for the applicant type', () => {
    const secondaryOnly = [field('x', { type: 'text', mandatory: true }, { secondaryEnable: false })];
    expect(validateValues(secondaryOnly, {}, { applicantType: 'secondary' })).toEqual([]);
    expect(validateValues(secondaryOnly, {}, { applicantType: 'primary' })).toHaveLength(1);
    const guarantor = [field('x', { type: 'text', mandatory: true }, { guarantorEnable: false })];
    expect(validateValues(guarantor, {}, { applicantType: 'guarantor' })).toEqual([]);
  });

  it('reads nested values of dotted keys', () => {
    const f = [field('customFields.income', { type: 'text', mandatory: true })];
    expect(validateValues(f, { customFields: { income: '5' } })).toEqual([]);
    expect(validateValues(f, { 'customFields.income': '5' })).toEqual([]);
    expect(validateValues(f, { customFields: {} })).toHaveLength(1);
  });
});

describe('form validity (§5)', () => {
  it('a files-upload required error makes the form invalid', () => {
    const errors = validateForm(fields, { ...good, payslips: { uploadedDocuments: [] } }, { clock });
    expect(errors).toEqual({ payslips: 'required' });
    const v = formValidity(fields, errors);
    expect(v.valid).toBe(false);
    expect(v.fileUploadMissing).toBe(true);
    expect(v.dirtyKeys).toEqual(['payslips']);
  });

  it('any invalid control makes it invalid; the separate check ignores required errors only', () => {
    const requiredOnly = formValidity(fields, validateForm(fields, { ...good, firstName: '' }, { clock }));
    expect(requiredOnly).toMatchObject({ valid: false, validIgnoringRequired: true });
    const formatError = formValidity(fields, validateForm(fields, { ...good, firstName: '', dob: '1/1/90' }, { clock }));
    expect(formatError).toMatchObject({ valid: false, validIgnoringRequired: false, dirtyKeys: ['firstName', 'dob'] });
    expect(formValidity(fields, {})).toMatchObject({ valid: true, validIgnoringRequired: true, fileUploadMissing: false });
  });
});

describe('saving a sub-section (§5)', () => {
  it("fails with 'Please fill all mandatory fields' and the controls to mark dirty", () => {
    const check = checkBeforeSave(fields, { ...good, consent: false }, { clock });
    expect(check.ok).toBe(false);
    if (!check.ok) {
      expect(check.message).toBe(MANDATORY_FIELDS_MESSAGE);
      expect(MANDATORY_FIELDS_MESSAGE).toBe('Please fill all mandatory fields');
      expect(check.dirtyKeys).toEqual(['consent']);
    }
  });

  it('passes valid values, summary sections and sections without mandatory validations', () => {
    expect(checkBeforeSave(fields, good, { clock }).ok).toBe(true);
    expect(checkBeforeSave(fields, {}, { clock, isSummary: true }).ok).toBe(true);
    expect(checkBeforeSave(fields, {}, { clock, mandatoryValidations: false }).ok).toBe(true);
  });
});
