import { act, fireEvent, render, screen } from '@testing-library/react';
import { f, renderInForm } from '../render-in-form';

const blurred = (el: HTMLElement) => {
  fireEvent.focus(el);
  fireEvent.blur(el);
};

describe('choice and number fields', () => {
  it('date: an impossible date is invalidDate, a real one in bounds is accepted', () => {
    renderInForm(f('dob', 'Date of birth', 'date', { mandatory: true, property: 'BETWEEN_AGE', min_value: 21, max_value: 65 }));
    const input = screen.getByLabelText(/Date of birth/);
    expect(input.getAttribute('placeholder')).toBe('DD/MM/YYYY');
    fireEvent.change(input, { target: { value: '31/02/1990' } });
    blurred(input);
    expect(screen.getByRole('alert').textContent).toContain('Enter a real date for Date of birth as DD/MM/YYYY');
    fireEvent.change(input, { target: { value: '15/08/1990' } });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.change(input, { target: { value: '15/08/2020' } }); // too young
    expect(screen.getByRole('alert')).toBeTruthy();
  });

  it('checkbox and toggle: mandatory means ticked', () => {
    renderInForm(
      <>
        {renderField(f('declaration', 'I confirm', 'checkbox', { mandatory: true }), 'declaration')}
        {renderField(f('consent', 'Consent', 'toggle', { mandatory: true }), 'consent')}
      </>,
    );
    const box = screen.getByLabelText(/I confirm/);
    blurred(box);
    expect(screen.getByText('I confirm must be accepted')).toBeTruthy();
    fireEvent.click(box);
    expect(screen.queryByText('I confirm must be accepted')).toBeNull();
    const sw = screen.getByRole('switch', { name: /Consent/ });
    expect(sw.getAttribute('aria-checked')).toBe('false');
    blurred(sw);
    expect(screen.getByText('Consent must be accepted')).toBeTruthy();
    fireEvent.click(sw);
    expect(sw.getAttribute('aria-checked')).toBe('true');
  });

  it('dropdown: default applies only when it is an option; "none" gives empty', () => {
    const opts = [{ label: 'Travel', value: 'Travel' }, { label: 'Medical', value: 'Medical' }];
    const { unmount } = renderInForm(f('p', 'Purpose', 'dropdown', { internal_list: opts, defaultValue: 'Medical' }), { initialValues: { p: 'Medical' } });
    expect((screen.getByLabelText('Purpose') as HTMLSelectElement).value).toBe('Medical');
    unmount();
    renderInForm(f('q', 'Other', 'dropdown', { internal_list: opts }));
    const sel = screen.getByLabelText('Other') as HTMLSelectElement;
    expect(sel.value).toBe('');
    // no property name: a random one is given, so two unnamed controls never share a name
    expect(sel.name).toMatch(/^q_/);
  });

  it('radio: a group with a legend; arrow keys are native', () => {
    const { values } = renderInForm(f('gender', 'Gender', 'radio', { mandatory: true, property: 'gender', internal_list: ['Female', 'Male'] }));
    expect(screen.getByRole('group', { name: /Gender/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'Male' }));
    expect(values().gender).toBe('Male');
  });

  it('tabs: a single choice announced as a radio group; arrows move the selection', () => {
    const { values } = renderInForm(f('emp', 'Employment', 'tabs', { internal_list: ['Salaried', 'Self-employed', 'Professional'] }));
    expect(screen.getByRole('radiogroup', { name: /Employment/ })).toBeTruthy();
    expect(screen.queryByRole('tablist')).toBeNull();
    const first = screen.getByRole('radio', { name: 'Salaried' });
    fireEvent.click(first);
    expect(values().emp).toBe('Salaried');
    fireEvent.keyDown(first, { key: 'ArrowRight' });
    expect(values().emp).toBe('Self-employed');
    fireEvent.keyDown(first, { key: 'End' });
    expect(values().emp).toBe('Professional');
    expect(screen.getByRole('radio', { name: 'Professional' }).getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('radio', { name: 'Salaried' }).getAttribute('aria-checked')).toBe('false');
  });

  it('counter: increments only below max and decrements only above min', () => {
    const { values } = renderInForm(f('years', 'Years', 'counter', { mandatory: true, min_value: 0, max_value: 2 }));
    const inc = screen.getByRole('button', { name: 'Increase Years' });
    const dec = screen.getByRole('button', { name: 'Decrease Years' });
    fireEvent.click(inc);
    expect(values().years).toBe(0);
    fireEvent.click(inc);
    fireEvent.click(inc);
    expect(values().years).toBe(2);
    expect((inc as HTMLButtonElement).disabled).toBe(true);
    fireEvent.keyDown(screen.getByRole('spinbutton'), { key: 'ArrowDown' });
    expect(values().years).toBe(1);
    fireEvent.click(dec);
    expect((dec as HTMLButtonElement).disabled).toBe(true);
  });

  it('range: defaults to the configured bounds, the low handle never passes the high one', () => {
    const { values } = renderInForm(f('band', 'Band', 'range', { min_value: 5, max_value: 20 }), { initialValues: { band: { min: 5, max: 20 } } });
    const [from, to] = screen.getAllByRole('slider');
    fireEvent.change(to, { target: { value: '10' } });
    fireEvent.change(from, { target: { value: '15' } });
    expect(values().band).toEqual({ min: 10, max: 10 });
  });

  it('gauge says plainly when there is no score yet; with one it is a meter', () => {
    const { unmount } = renderInForm(f('score', 'Eligibility score', 'gauge_chart', { min_value: 0, max_value: 900 }));
    expect(screen.getByText('Your score appears here once the check has run.')).toBeTruthy();
    unmount();
    renderInForm(f('score', 'Eligibility score', 'gauge_chart', { min_value: 0, max_value: 900 }), { initialValues: { score: 720 } });
    expect(screen.getByRole('meter', { name: 'Eligibility score' }).getAttribute('aria-valuenow')).toBe('720');
  });

  it('financial table formats money columns with lakh grouping', () => {
    renderInForm(f('emi', 'EMI schedule', 'financial_table', { columns: [{ key: 'month', label: 'Month' }, { key: 'emi', label: 'EMI', currency: 'INR' }] }), {
      initialValues: { emi: [{ month: 1, emi: 125000 }] },
    });
    expect(screen.getByRole('table', { name: 'EMI schedule' })).toBeTruthy();
    expect(screen.getByText('1,25,000')).toBeTruthy();
  });

  it('timer counts down', () => {
    jest.useFakeTimers();
    render(<>{renderInForm(f('t', 'Offer valid for', 'timer', { seconds: 90 })).container.firstChild}</>);
    expect(screen.getAllByRole('timer')[0].textContent).toBe('01:30');
    act(() => {
      jest.advanceTimersByTime(2000);
    });
    expect(screen.getAllByRole('timer')[0].textContent).toBe('01:28');
    jest.useRealTimers();
  });

  it('a button without a handler says the action is not available', () => {
    renderInForm(f('calc', 'Calculate EMI', 'button'));
    fireEvent.click(screen.getByRole('button', { name: 'Calculate EMI' }));
    return Promise.resolve().then(() => expect(screen.getByRole('status').textContent).toContain('not available'));
  });

  it('multipleInputs adds rows up to max_value, each cell its own field', () => {
    const { values } = renderInForm(f('refs', 'Reference', 'multipleInputs', { max_value: 2 }, { fields: [f('name', 'Name', 'text', { mandatory: true })] }));
    const add = screen.getByRole('button', { name: 'Add Reference' });
    fireEvent.click(add);
    fireEvent.click(add);
    expect((add as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getAllByLabelText(/Name/)[1], { target: { value: 'Meena' } });
    expect(values().refs).toEqual([{}, { name: 'Meena' }]);
  });
});

import { renderField } from '../../src/features/fields/render-field';
