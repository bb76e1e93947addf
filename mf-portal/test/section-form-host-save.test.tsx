import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { FormValues } from '@lendline/shared/form-engine';
import { SectionForm } from '../src/features/fields/section-form';
import { f } from './render-in-form';
import { personalSub } from './support/personal-sub';

// The backstage saves several sub-sections with one button: hideSave and checkRef (issue 19).
const sub = personalSub([
  f('firstName', 'First name', 'text', { mandatory: true }),
  f('nickname', 'Nickname', 'text', { mandatory: false }),
  f('isPropertyFinalized', 'Property finalised?', 'radio', { property: 'fin', internal_list: ['Yes', 'No'] }),
  f('propertyValue', 'Property value', 'text', { mandatory: false }),
]);

type Check = { current: ((o?: { focus?: boolean; only?: readonly string[] }) => FormValues | null) | null };

describe('SectionForm saved by its host', () => {
  it('renders no save button of its own with hideSave; without it the button is still there', () => {
    const { unmount } = render(<SectionForm sub={sub} onSave={() => {}} hideSave />);
    expect(screen.queryByRole('button', { name: 'Save and continue' })).toBeNull();
    unmount();
    render(<SectionForm sub={sub} onSave={() => {}} />);
    expect(screen.getByRole('button', { name: 'Save and continue' })).toBeTruthy();
  });

  it("checkRef runs the save button's check: failures marked and the message shown, null returned", async () => {
    const check: Check = { current: null };
    render(<SectionForm sub={sub} onSave={() => {}} hideSave checkRef={check} />);
    let out: FormValues | null | undefined;
    act(() => {
      out = check.current!();
    });
    expect(out).toBeNull();
    await waitFor(() => expect(screen.getByText('Please fill all mandatory fields')).toBeTruthy());
    expect(screen.getByLabelText(/First name/).getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText(/First name/));
  });

  it('checkRef returns the values to save: hidden fields dropped, an emptied visible field as null', async () => {
    const check: Check = { current: null };
    const onSave = jest.fn();
    render(<SectionForm sub={sub} onSave={onSave} hideSave checkRef={check} initialValues={{ firstName: 'Asha', nickname: 'Ash', propertyValue: '5' }} />);
    fireEvent.change(screen.getByLabelText(/Nickname/), { target: { value: '' } });
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    let out: FormValues | null | undefined;
    act(() => {
      out = check.current!({ focus: false });
    });
    expect(out).toEqual({ firstName: 'Asha', nickname: null, isPropertyFinalized: 'No' });
    expect(onSave).not.toHaveBeenCalled();
  });

  it('with `only`, just those fields must pass: an unanswered mandatory field elsewhere does not block a change', async () => {
    const check: Check = { current: null };
    render(<SectionForm sub={sub} onSave={() => {}} hideSave checkRef={check} initialValues={{ nickname: 'Ash' }} />);
    fireEvent.change(screen.getByLabelText(/Nickname/), { target: { value: 'Asha R' } });
    let out: FormValues | null | undefined;
    act(() => {
      out = check.current!({ only: ['nickname'] });
    });
    expect(out).toMatchObject({ nickname: 'Asha R', firstName: null });
    expect(screen.queryByText('Please fill all mandatory fields')).toBeNull();
    // The same check over the first name (say staff emptied it) fails and says so.
    act(() => {
      out = check.current!({ only: ['firstName'] });
    });
    expect(out).toBeNull();
    await waitFor(() => expect(screen.getByText('Please fill all mandatory fields')).toBeTruthy());
  });
});
