import { makeFieldValidator } from '../../src/form-engine';
import { field } from './fixtures';

describe('checkbox and toggle (§5: mandatory means true)', () => {
  it.each(['checkbox', 'toggle'] as const)('%s', (type) => {
    const v = makeFieldValidator(field('c', { type, mandatory: true }));
    expect(v(true)).toBeUndefined();
    expect(v(false)).toBe('required');
    expect(v(undefined)).toBe('required');
    expect(makeFieldValidator(field('c', { type }))(false)).toBeUndefined();
  });
});

describe('dropdown, radio, tabs (§5: required if mandatory)', () => {
  it.each(['dropdown', 'radio', 'tabs'] as const)('%s', (type) => {
    const v = makeFieldValidator(field('o', { type, mandatory: true }));
    expect(v('')).toBe('required');
    expect(v(null)).toBe('required');
    expect(v([])).toBe('required');
    expect(v('A')).toBeUndefined();
    expect(v(0)).toBeUndefined(); // 0 is a chosen option, not an empty one
    expect(makeFieldValidator(field('o', { type }))('')).toBeUndefined();
  });
});

describe('file upload (uploadedDocuments) and signature (fileId)', () => {
  const doc = { name: 'pay.pdf', type: 'application/pdf', size: 1000 };

  it('file upload is required when mandatory', () => {
    const v = makeFieldValidator(field('f', { type: 'fileUploadHub', mandatory: true }));
    expect(v({ uploadedDocuments: [] })).toBe('required');
    expect(v(undefined)).toBe('required');
    expect(v({ uploadedDocuments: [doc] })).toBeUndefined();
  });

  it('an uploaded document of a wrong type or over 10 MB is invalidValue, even when optional', () => {
    const v = makeFieldValidator(field('f', { type: 'fileUploadHub' }));
    expect(v({ uploadedDocuments: [{ name: 'x.html', type: 'text/html', size: 10 }] })).toBe('invalidValue');
    expect(v({ uploadedDocuments: [{ ...doc, size: 11 * 1024 * 1024 }] })).toBe('invalidValue');
    expect(v({ uploadedDocuments: [{ ...doc, size: 10485760 }] })).toBeUndefined();
    expect(v(undefined)).toBeUndefined();
  });

  it('signature is required when mandatory: it needs a fileId', () => {
    const v = makeFieldValidator(field('s', { type: 'signaturePad', mandatory: true }));
    expect(v({ type: 'signaturePad' })).toBe('required');
    expect(v({ type: 'signaturePad', fileId: '' })).toBe('required');
    expect(v({ type: 'signaturePad', fileId: 'f-1' })).toBeUndefined();
  });

  it('a mandatory OTP counts only once verified', () => {
    const v = makeFieldValidator(field('otp', { type: 'otp', mandatory: true }));
    expect(v({ type: 'otp', recipient: 'a@b.c', isVerified: false })).toBe('required');
    expect(v({ type: 'otp', recipient: 'a@b.c', isVerified: true })).toBeUndefined();
  });
});

describe('slider and counter (§5: mandatory gives required plus range)', () => {
  it.each(['slider', 'counter'] as const)('%s', (type) => {
    const v = makeFieldValidator(field('n', { type, mandatory: true, min_value: 1, max_value: 5 }));
    expect(v(undefined)).toBe('required');
    expect(v('')).toBe('required');
    expect(v(0)).toBe('invalidRange');
    expect(v(1)).toBeUndefined();
    expect(v(5)).toBeUndefined();
    expect(v(6)).toBe('invalidRange');
    expect(v('x')).toBe('invalidValue');
    // not mandatory: no required and no range
    const optional = makeFieldValidator(field('n', { type, min_value: 1, max_value: 5 }));
    expect(optional(undefined)).toBeUndefined();
    expect(optional(9)).toBeUndefined();
  });
});

describe('display controls have nothing to validate', () => {
  it.each(['gauge_chart', 'button', 'timer', 'accordion', 'financial_table'] as const)('%s', (type) => {
    expect(makeFieldValidator(field('x', { type, mandatory: true }))(undefined)).toBeUndefined();
  });
});
