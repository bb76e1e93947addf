import { fireEvent, screen } from '@testing-library/react';
import { f, renderInForm } from '../render-in-form';

const amount = f('loanAmount', 'Loan amount', 'text', { mandatory: true, currency_field: 'INR', amount_field: true, min_value: 50000, max_value: 4000000 });

describe('text field', () => {
  it('labels the input, marks it required and shows the required message after blur', () => {
    renderInForm(f('firstName', 'First name', 'text', { mandatory: true }));
    const input = screen.getByLabelText(/First name/);
    expect(input.getAttribute('aria-required')).toBe('true');
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toContain('First name is required');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toContain('error');
  });

  it('checks the regex', () => {
    renderInForm(f('pan', 'PAN', 'text', { regex: '^[A-Z]{5}[0-9]{4}[A-Z]$' }));
    const input = screen.getByLabelText('PAN');
    fireEvent.change(input, { target: { value: 'abc' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toContain('Enter a valid PAN');
  });

  it('amount: refuses letters, a leading dot and an 11th integer digit at the keystroke', () => {
    renderInForm(amount);
    const input = screen.getByLabelText(/Loan amount/);
    expect(fireEvent.keyDown(input, { key: 'a' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '.' })).toBe(false);
    fireEvent.change(input, { target: { value: '1234567890' } });
    (input as HTMLInputElement).setSelectionRange(10, 10);
    expect(fireEvent.keyDown(input, { key: '5' })).toBe(false);
    expect(fireEvent.keyDown(input, { key: '.' })).toBe(true);
  });

  it('amount: an 11-digit paste is invalid, out of range is invalidRange, and the value shows with lakh grouping', () => {
    const { values } = renderInForm(amount);
    const input = screen.getByLabelText(/Loan amount/) as HTMLInputElement;
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12345678901' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toMatch(/valid amount/);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '100' } });
    fireEvent.blur(input);
    expect(screen.getByRole('alert').textContent).toContain('Loan amount must be between 50,000 and 40,00,000');
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '1500000' } });
    fireEvent.blur(input);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(input.value).toBe('15,00,000');
    expect(values().loanAmount).toBe('1500000');
  });

  it('amount: key-up strips non-digits and clears values below 1', () => {
    const { values } = renderInForm(amount);
    const input = screen.getByLabelText(/Loan amount/);
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12a3' } });
    fireEvent.keyUp(input, { key: '3' });
    expect(values().loanAmount).toBe('123');
    fireEvent.change(input, { target: { value: '0.5' } });
    fireEvent.keyUp(input, { key: '5' });
    expect(values().loanAmount).toBeFalsy();
  });

  it('interest rate: refuses a value above 99.99', () => {
    renderInForm(f('rate', 'Rate', 'text', { interest_rate: true }));
    const input = screen.getByLabelText('Rate');
    fireEvent.change(input, { target: { value: '99.9' } });
    (input as HTMLInputElement).setSelectionRange(4, 4);
    expect(fireEvent.keyDown(input, { key: '9' })).toBe(true);
    fireEvent.change(input, { target: { value: '99' } });
    (input as HTMLInputElement).setSelectionRange(2, 2);
    expect(fireEvent.keyDown(input, { key: '9' })).toBe(false);
  });

  it('shows the right phone keyboard: tel for mobile numbers, e-mail for addresses, numeric for digit codes, autocomplete kept', () => {
    renderInForm(f('mobile', 'Mobile number', 'text', { regex: '^[6-9][0-9]{9}$' }));
    const mobile = screen.getByLabelText('Mobile number');
    expect([mobile.getAttribute('type'), mobile.getAttribute('inputmode'), mobile.getAttribute('autocomplete')]).toEqual(['tel', 'tel', 'tel-national']);
  });

  it.each([
    [f('email', 'Email address', 'text', { regex: '^[^@\\s]+@[^@\\s]+\\.[^@\\s]+$' }), 'Email address', ['email', 'email']],
    [f('pincode', 'PIN code', 'text', { regex: '^[1-9][0-9]{5}$' }), 'PIN code', ['text', 'numeric']],
    [f('pan', 'PAN', 'text', { regex: '^[A-Z]{5}[0-9]{4}[A-Z]$' }), 'PAN', ['text', null]],
    [f('referenceMobile', 'Reference mobile', 'text', {}), 'Reference mobile', ['tel', 'tel']],
  ])('keyboard for %#', (field, label, expected) => {
    renderInForm(field);
    const input = screen.getByLabelText(label as string);
    expect([input.getAttribute('type'), input.getAttribute('inputmode')]).toEqual(expected);
  });
});
