import { act, fireEvent, render, screen } from '@testing-library/react';
import { ActionDialog } from '../src/features/detail/components/action-dialog';
import { CPA_ROLES, view } from './support/views';

jest.mock('../src/features/detail/api/application', () => ({ declineOptions: jest.fn(() => new Promise(() => undefined)) }));

/** Typing into a react-aria date segment: it reads each character from beforeinput, as a browser sends it. */
const type = (text: string) =>
  [...text].forEach((data) => act(() => void (document.activeElement ?? document.body).dispatchEvent(new InputEvent('beforeinput', { data, inputType: 'insertText', bubbles: true, cancelable: true }))));

describe('action dialogs from the kit', () => {
  test('a destructive action interrupts as an alert dialog, focus in its required reason (the kit TextArea), not on the confirm button', () => {
    render(<ActionDialog def={{ action: 'cancel', reason: 'required', danger: true }} view={view()} busy={false} roles={CPA_ROLES} onConfirm={jest.fn()} onClose={jest.fn()} />);
    const dialog = screen.getByRole('alertdialog', { name: 'Cancel application?' });
    const reason = screen.getByRole('textbox', { name: 'Reason (required)' });
    expect(reason.tagName).toBe('TEXTAREA');
    expect(dialog.contains(document.activeElement)).toBe(true);
    expect(document.activeElement).toBe(reason);
  });

  test('an ordinary action stays a dialog', () => {
    render(<ActionDialog def={{ action: 'inactivate', reason: 'required' }} view={view()} busy={false} roles={CPA_ROLES} onConfirm={jest.fn()} onClose={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'Put on hold?' })).toBeTruthy();
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  test('a callback time typed into the kit DateTimeField is sent as the instant of that local time', () => {
    const onConfirm = jest.fn();
    render(<ActionDialog def={{ action: 'request_for_callback', reason: 'optional', input: 'callback' }} view={view()} busy={false} roles={CPA_ROLES} onConfirm={onConfirm} onClose={jest.fn()} />);
    const group = screen.getByRole('group', { name: 'Call back at (empty: in one hour)' });
    act(() => (group.querySelector('[role="spinbutton"]') as HTMLElement).focus());
    type('270320301015p');
    fireEvent.click(screen.getByRole('button', { name: 'Confirm: Request a callback' }));
    expect(onConfirm).toHaveBeenCalledWith({ callbackAt: new Date(2030, 2, 27, 22, 15).toISOString() });
  });
});
