import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { AlertDialog, DateField, Dialog, Menu, Select, Tabs, ToastRegion, createToastQueue } from '../../src/ui';

// jsdom has no CSS.escape, which react-aria's collections use to build selectors.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) };

const focus = (el: HTMLElement) => act(() => el.focus());

/** What a keyboard user does: the key goes to whatever has focus. */
const press = (key: string, init: Partial<KeyboardEventInit> = {}) => {
  const target = document.activeElement ?? document.body;
  fireEvent.keyDown(target, { key, ...init });
  fireEvent.keyUp(target, { key, ...init });
};

function Page({ onClose = true }: { onClose?: boolean }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open</button>
      <button>Outside</button>
      {open && (
        <Dialog title="Assign" onClose={onClose ? () => setOpen(false) : undefined} testId="dlg" actions={<><button>Cancel</button><button>Assign now</button></>}>
          <label>
            Officer <input name="officer" />
          </label>
        </Dialog>
      )}
    </>
  );
}

function openDialog() {
  const opener = screen.getByRole('button', { name: 'Open' });
  focus(opener);
  fireEvent.click(opener);
  return { opener, dialog: screen.getByRole('dialog', { name: 'Assign' }) };
}

describe('Dialog', () => {
  test('is labelled by its title, modal, and puts focus in its first field', () => {
    render(<Page />);
    const { dialog } = openDialog();
    expect(dialog.getAttribute('data-testid')).toBe('dlg');
    expect(document.activeElement).toBe(within(dialog).getByRole('textbox'));
    // The page behind is hidden from assistive tech while the dialog is open.
    expect(screen.queryByRole('button', { name: 'Outside' })).toBeNull();
  });

  test('Tab and Shift+Tab wrap inside the dialog; focus sent outside is pulled back', () => {
    render(<Page />);
    const { dialog } = openDialog();
    const input = within(dialog).getByRole('textbox');
    const last = within(dialog).getByRole('button', { name: 'Assign now' });
    focus(last);
    press('Tab');
    expect(document.activeElement).toBe(input);
    press('Tab', { shiftKey: true });
    expect(document.activeElement).toBe(last);
    // A click or script moving focus behind the dialog: it comes back inside.
    focus(screen.getByRole('button', { name: 'Outside', hidden: true }));
    expect(dialog.contains(document.activeElement)).toBe(true);
  });

  test('Escape closes it and focus returns to the button that opened it', async () => {
    render(<Page />);
    const { opener } = openDialog();
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    // react-aria gives focus back on the next animation frame, after the dialog has left the DOM.
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  test('without onClose, Escape does not close it (a question that needs an answer)', () => {
    render(<Page onClose={false} />);
    openDialog();
    press('Escape');
    expect(screen.getByRole('dialog', { name: 'Assign' })).toBeTruthy();
  });

  test('a kit Select as the first field gets the focus, not its hidden native copy', () => {
    render(
      <Dialog title="Decline" onClose={() => undefined} actions={<button>Decline</button>}>
        <Select label="Reason" value={null} onChange={() => undefined} options={[{ id: 'a', label: 'Income too low' }]} />
      </Dialog>,
    );
    const focused = document.activeElement as HTMLElement;
    expect(focused.closest('[aria-hidden="true"]')).toBeNull();
    expect(focused.className).toContain('ll-ui-select__button');
  });

  test('AlertDialog interrupts as role alertdialog with focus on its first answer', () => {
    render(<AlertDialog title="Your session expired" actions={<button>OK</button>}>Please sign in again.</AlertDialog>);
    const dialog = screen.getByRole('alertdialog', { name: 'Your session expired' });
    // Focus is on its answer, so Enter answers and a screen reader reads the alert from there.
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'OK' }));
  });
});

describe('ToastRegion', () => {
  test('shows what is queued in a named landmark and its close button removes it', () => {
    const queue = createToastQueue();
    render(<ToastRegion queue={queue} dismissLabel="Dismiss" label="Messages" testId="toasts" />);
    expect(screen.queryByTestId('toasts')).toBeNull(); // nothing to announce, no empty landmark
    const closed = jest.fn();
    act(() => void queue.add({ kind: 'success', text: 'Application saved' }, { onClose: closed }));
    const region = screen.getByRole('region', { name: 'Messages' });
    expect(region.textContent).toContain('Application saved');
    expect(region.querySelector('.ll-toast--success')).not.toBeNull();
    fireEvent.click(within(region).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Application saved')).toBeNull();
    expect(closed).toHaveBeenCalledTimes(1);
  });
});

describe('Menu', () => {
  test('opens from the keyboard, runs an item, and Escape gives focus back to its button', async () => {
    const onAction = jest.fn();
    render(<Menu label="Actions" items={[{ id: 'approve', label: 'Approve' }, { id: 'reject', label: 'Reject', disabled: true }]} onAction={onAction} />);
    const trigger = screen.getByRole('button', { name: 'Actions' });
    focus(trigger);
    press('ArrowDown');
    const menu = screen.getByRole('menu');
    expect(document.activeElement).toBe(within(menu).getByRole('menuitem', { name: 'Approve' }));
    expect(within(menu).getByRole('menuitem', { name: 'Reject' }).getAttribute('aria-disabled')).toBe('true');
    press('Escape');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
    focus(trigger);
    press('ArrowDown');
    press('Enter');
    expect(onAction).toHaveBeenCalledWith('approve');
  });
});

describe('Tabs', () => {
  test('arrow keys move the selection and show that tab panel only', () => {
    render(<Tabs label="Case work" tabs={[{ id: 'notes', label: 'Notes', panel: <p>No notes</p> }, { id: 'docs', label: 'Documents', panel: <p>No documents</p> }]} />);
    const notes = screen.getByRole('tab', { name: 'Notes' });
    expect(notes.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('No notes');
    focus(notes);
    press('ArrowRight');
    expect(screen.getByRole('tab', { name: 'Documents' }).getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel').textContent).toContain('No documents');
  });
});

describe('DateField', () => {
  test('shows day, month, year in §9 order and reports ISO', () => {
    const onChange = jest.fn();
    render(<DateField label="Review date" value="2026-03-09" onChange={onChange} />);
    const segments = screen.getAllByRole('spinbutton');
    expect(segments.map((s) => s.getAttribute('aria-label')?.split(',')[0])).toEqual(['day', 'month', 'year']);
    expect(segments.map((s) => s.textContent)).toEqual(['09', '03', '2026']);
    focus(segments[0]);
    press('ArrowUp');
    expect(onChange).toHaveBeenLastCalledWith('2026-03-10');
  });
});
