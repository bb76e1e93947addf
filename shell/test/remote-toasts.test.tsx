import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { eventBus } from '@lendline/shared';
import { Toasts } from '../src/features/errors/toasts';
import { installRemoteToasts } from '../src/features/errors/remote-toasts';
import { dismissToast, uiStore } from '../src/ui/ui-store';

// jsdom has no CSS.escape, which react-aria's collections use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s };

describe('toasts raised by remotes on the shared event bus', () => {
  let off: () => void;
  beforeEach(() => {
    for (const t of uiStore.getState().toasts) dismissToast(t.id);
    uiStore.setState({ toasts: [], errorModal: null });
    off = installRemoteToasts();
  });
  afterEach(() => off());

  it('shows what a remote emits in the shell toast region (the kit, loaded on the first toast), each kind styled as such', async () => {
    render(<Toasts />);
    expect(screen.queryByTestId('toasts')).toBeNull(); // nothing raised: the kit is not even loaded
    act(() => eventBus.emit('toast', { kind: 'success', text: 'Application saved' }));
    act(() => eventBus.emit('toast', { kind: 'error', text: 'Could not copy' }));
    // The first test pays for compiling react-aria on the fly: a generous wait, not a timing assertion.
    const region = await screen.findByTestId('toasts', undefined, { timeout: 15_000 });
    await waitFor(() => expect(region.textContent).toContain('Could not copy'), { timeout: 5000 });
    expect(region.getAttribute('role')).toBe('region');
    expect(region.querySelector('.ll-toast--success')?.textContent).toContain('Application saved');
    expect(region.querySelector('.ll-toast--error')?.textContent).toContain('Could not copy');
  });

  it('closing a toast drops it from the store, and one the store drops leaves the region', async () => {
    render(<Toasts />);
    act(() => eventBus.emit('toast', { kind: 'info', text: 'Note added' }));
    act(() => eventBus.emit('toast', { kind: 'info', text: 'Task snoozed' }));
    const region = await screen.findByTestId('toasts');
    await waitFor(() => expect(region.textContent).toContain('Task snoozed'));
    const note = within(region).getByText('Note added').closest('.ll-toast') as HTMLElement;
    fireEvent.click(within(note).getByRole('button', { name: /dismiss/i }));
    expect(uiStore.getState().toasts.map((t) => t.text)).toEqual(['Task snoozed']);
    act(() => dismissToast(uiStore.getState().toasts[0].id));
    await waitFor(() => expect(screen.queryByText('Task snoozed')).toBeNull());
  });

  it('ignores an empty text and stops listening once uninstalled', () => {
    render(<Toasts />);
    act(() => eventBus.emit('toast', { kind: 'info', text: '  ' }));
    off();
    act(() => eventBus.emit('toast', { kind: 'info', text: 'After uninstall' }));
    expect(uiStore.getState().toasts).toHaveLength(0);
    expect(screen.queryByTestId('toasts')).toBeNull();
  });
});
