import { act, render, screen } from '@testing-library/react';
import { eventBus } from '@lendline/shared';
import { Toasts } from '../src/features/errors/toasts';
import { installRemoteToasts } from '../src/features/errors/remote-toasts';
import { uiStore } from '../src/features/errors/ui-store';

describe('toasts raised by remotes on the shared event bus', () => {
  let off: () => void;
  beforeEach(() => {
    uiStore.setState({ toasts: [], errorModal: null });
    off = installRemoteToasts();
  });
  afterEach(() => off());

  it('shows what a remote emits in the shell toast region, errors as alerts', () => {
    render(<Toasts />);
    act(() => eventBus.emit('toast', { kind: 'success', text: 'Application saved' }));
    act(() => eventBus.emit('toast', { kind: 'error', text: 'Could not copy' }));
    const region = screen.getByTestId('toasts');
    expect(region.textContent).toContain('Application saved');
    expect(screen.getByRole('alert').textContent).toContain('Could not copy');
  });

  it('ignores an empty text and stops listening once uninstalled', () => {
    render(<Toasts />);
    act(() => eventBus.emit('toast', { kind: 'info', text: '  ' }));
    off();
    act(() => eventBus.emit('toast', { kind: 'info', text: 'After uninstall' }));
    expect(screen.getByTestId('toasts').children).toHaveLength(0);
  });
});
