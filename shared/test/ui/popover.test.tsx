import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { useRef, useState } from 'react';
import { Popover } from '../../src/ui';

// jsdom has no CSS.escape, which react-aria's collections and focus scopes use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) };

const press = (key: string, init: Partial<KeyboardEventInit> = {}) => {
  const target = document.activeElement ?? document.body;
  fireEvent.keyDown(target, { key, ...init });
  fireEvent.keyUp(target, { key, ...init });
};

/** A bell-like header: a toggle button, a panel with rows of buttons and a link, and things outside. */
function Header() {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button ref={toggle} aria-expanded={open} aria-controls={open ? 'latest' : undefined} onClick={() => setOpen((o) => !o)}>
        Show latest
      </button>
      <p>Plain text outside</p>
      <button>Elsewhere</button>
      <Popover triggerRef={toggle} isOpen={open} onClose={() => setOpen(false)} label="Latest notifications" testId="panel" id="latest">
        <ul>
          <li>
            One <button>Mark viewed</button> <button>Delete</button>
          </li>
        </ul>
        <a href="/all">See all</a>
      </Popover>
    </>
  );
}

function openPanel() {
  const toggle = screen.getByRole('button', { name: 'Show latest' });
  act(() => toggle.focus());
  fireEvent.click(toggle);
  return { toggle, panel: screen.getByRole('dialog', { name: 'Latest notifications' }) };
}

describe('Popover (non-modal panel)', () => {
  test('opens as a named dialog with focus moved into it; the page behind stays readable', async () => {
    render(<Header />);
    const { toggle, panel } = openPanel();
    expect(panel.getAttribute('data-testid')).toBe('panel');
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    // Non-modal: nothing outside is hidden from assistive tech.
    expect(screen.getByRole('button', { name: 'Elsewhere' })).toBeTruthy();
    // Its rows are buttons, reachable with Tab.
    expect(within(panel).getAllByRole('button').map((b) => b.textContent)).toEqual(['Mark viewed', 'Delete']);
  });

  test('Escape closes it and gives focus back to the toggle', async () => {
    render(<Header />);
    const { toggle, panel } = openPanel();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    act(() => within(panel).getByRole('button', { name: 'Delete' }).focus());
    press('Escape');
    expect(screen.queryByRole('dialog')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(toggle));
  });

  test('a click on something outside that takes no focus closes it; a click inside does not', async () => {
    render(<Header />);
    const { panel } = openPanel();
    fireEvent.pointerDown(within(panel).getByRole('button', { name: 'Mark viewed' }));
    expect(screen.getByRole('dialog', { name: 'Latest notifications' })).toBeTruthy();
    fireEvent.pointerDown(screen.getByText('Plain text outside'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('focus moving to another control of the page closes it', async () => {
    render(<Header />);
    const { panel } = openPanel();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    act(() => screen.getByRole('button', { name: 'Elsewhere' }).focus());
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  test('the toggle closes it again (its own click is not counted as a click outside that would reopen it)', async () => {
    render(<Header />);
    const { toggle, panel } = openPanel();
    await waitFor(() => expect(panel.contains(document.activeElement)).toBe(true));
    fireEvent.pointerDown(toggle);
    act(() => toggle.focus());
    expect(screen.getByRole('dialog')).toBeTruthy();
    fireEvent.click(toggle);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });
});
