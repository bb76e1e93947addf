import { act, fireEvent, screen } from '@testing-library/react';
import { i18nStore } from '@lendline/shared';
import { isUpperCaseCode } from '../../src/features/fields/code-case';
import { maskedNumber } from '../../src/features/fields/otp-mask';
import { f, renderInForm } from '../render-in-form';

// Issue 28, "a form that helps": codes in capitals as typed, choices announced as choices and read in the
// applicant's language, an OTP line that follows the state, no drag-and-drop promise on a touch screen.

afterEach(() => act(() => i18nStore.setState({ lang: 'en' })));

describe('codes', () => {
  it('a code whose pattern has only capitals is upper-cased as typed, so a lowercase PAN is the PAN', () => {
    const { values } = renderInForm(f('panNumber', 'PAN', 'text', { mandatory: true, regex: '^[A-Z]{5}[0-9]{4}[A-Z]$' }));
    const input = screen.getByLabelText(/PAN/);
    fireEvent.change(input, { target: { value: 'abcde1234f' } });
    expect(values().panNumber).toBe('ABCDE1234F');
    expect((input as HTMLInputElement).value).toBe('ABCDE1234F');
    expect(input.getAttribute('autocapitalize')).toBe('characters');
  });

  it('names and free text keep the case typed; the configuration can say either way', () => {
    const { values } = renderInForm(f('firstName', 'First name', 'text', { regex: "^[A-Za-z\\u0900-\\u097F .'-]{1,40}$" }));
    fireEvent.change(screen.getByLabelText(/First name/), { target: { value: 'Asha' } });
    expect(values().firstName).toBe('Asha');
    expect(isUpperCaseCode(f('x', 'X', 'text', { regex: '^[A-Z0-9]{8}$' }))).toBe(true);
    expect(isUpperCaseCode(f('x', 'X', 'text', {}))).toBe(false);
    expect(isUpperCaseCode(f('x', 'X', 'text', { uppercase: true }))).toBe(true);
    expect(isUpperCaseCode(f('x', 'X', 'text', { regex: '^[A-Z]+$', uppercase: false }))).toBe(false);
  });
});

describe('choices', () => {
  const gender = f('gender', 'Gender', 'radio', {
    internal_list: [
      { label: 'Female', value: 'Female', labels: { hi: 'महिला' } },
      { label: 'Male', value: 'Male', labels: { hi: 'पुरुष' } },
    ],
  });

  it('option labels follow the language; the value saved stays the configured one', () => {
    act(() => i18nStore.setState({ lang: 'hi' }));
    const { values } = renderInForm(gender);
    expect(screen.queryByRole('radio', { name: 'Female' })).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'महिला' }));
    expect(values().gender).toBe('Female');
  });

  it('an option without a label in the language shows the configured one', () => {
    act(() => i18nStore.setState({ lang: 'hi' }));
    renderInForm(f('t', 'Type', 'tabs', { internal_list: ['Salaried', { label: 'Professional', value: 'Professional', labels: { hi: 'पेशेवर' } }] }));
    expect(screen.getByRole('radio', { name: 'Salaried' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'पेशेवर' })).toBeTruthy();
  });

  it('a multiple dropdown is a group of checkboxes, one tap per option', () => {
    const { values } = renderInForm(f('langs', 'Languages spoken', 'dropdown', { multiple: true, internal_list: ['Hindi', 'Tamil', 'English'] }));
    expect(screen.getByRole('group', { name: /Languages spoken/ })).toBeTruthy();
    expect(screen.queryByRole('listbox')).toBeNull();
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Hindi' }));
    expect(values().langs).toEqual(['Hindi', 'English']); // in the configured order
    fireEvent.click(screen.getByRole('checkbox', { name: 'English' }));
    expect(values().langs).toEqual(['Hindi']);
  });
});

describe('one-time password', () => {
  const otp = f('mobileOtp', 'One-time password (OTP)', 'otp', { mandatory: true, recipient: 'mobile', length: 6 });

  it('says where a code will go before one is sent, then that it was sent; never "sent" first', async () => {
    const sendOtp = jest.fn(async () => ({ sentTo: '******3210' }));
    renderInForm(otp, { initialValues: { mobile: '9876543210' }, services: { sendOtp } });
    expect(screen.getByRole('status').textContent).toBe('Press "Send code" to get a code on ******3210.');
    expect(screen.queryByText(/sent to/i)).toBeNull();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Send code' })));
    expect(sendOtp).toHaveBeenCalledWith('mobileOtp', '9876543210');
    expect(screen.getByRole('status').textContent).toBe('Code sent to ******3210');
  });

  it('masks a mobile number as the server does, and nothing else', () => {
    expect(maskedNumber('9876543210')).toBe('******3210');
    expect(maskedNumber('asha@example.com')).toBeNull();
    expect(maskedNumber('')).toBeNull();
  });
});

describe('documents on a touch screen', () => {
  const hub = f('kyc', 'Identity proof', 'fileUploadHub', { mandatory: true });
  const pointer = (fine: boolean) => {
    window.matchMedia = ((q: string) => ({ matches: fine && q === '(pointer: fine)', media: q, addEventListener: () => undefined, removeEventListener: () => undefined })) as unknown as typeof window.matchMedia;
  };

  it('offers "drop them here" only with a mouse or trackpad', () => {
    pointer(false);
    const touch = renderInForm(hub);
    expect(screen.getByRole('button', { name: /Choose files/ })).toBeTruthy();
    expect(screen.queryByText(/drop them here/)).toBeNull();
    touch.unmount();
    pointer(true);
    renderInForm(hub);
    expect(screen.getByText(/drop them here/)).toBeTruthy();
  });
});
