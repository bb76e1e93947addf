import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Menu } from '../../src/ui';

// jsdom has no CSS.escape, which react-aria's collections use to build selectors.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) };

const press = (key: string) => {
  const target = document.activeElement ?? document.body;
  fireEvent.keyDown(target, { key });
  fireEvent.keyUp(target, { key });
};

function open(onAction = jest.fn()) {
  render(
    <Menu
      label="Chitra Pillai"
      testId="user-menu"
      onAction={onAction}
      sections={[
        { id: 'language', title: 'Language', selectedId: 'lang:en', items: [{ id: 'lang:en', label: 'English', lang: 'en' }, { id: 'lang:hi', label: 'हिन्दी', lang: 'hi' }] },
        { id: 'account', items: [{ id: 'logout', label: 'Log out' }] },
      ]}
    />,
  );
  const trigger = screen.getByTestId('user-menu');
  act(() => trigger.focus());
  press('Enter');
  return { trigger, menu: screen.getByRole('menu', { name: 'Chitra Pillai' }), onAction };
}

describe('a menu with sections', () => {
  it('shows a choice section as checked radio items under its heading, and actions as plain items', () => {
    const { menu } = open();
    const english = within(menu).getByRole('menuitemradio', { name: 'English' });
    expect(english.getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' }).getAttribute('aria-checked')).toBe('false');
    expect(within(menu).getByText('हिन्दी').getAttribute('lang')).toBe('hi');
    expect(within(menu).getByRole('group', { name: 'Language' })).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    expect(within(menu).getByRole('separator')).toBeTruthy();
  });

  it('reports the chosen entry and closes, focus back on the trigger', async () => {
    const { trigger, menu, onAction } = open();
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' }));
    expect(onAction).toHaveBeenCalledWith('lang:hi');
    expect(screen.queryByRole('menu')).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(trigger));
  });

  it('reaches the last action with the arrow keys', () => {
    const { onAction } = open();
    press('ArrowDown');
    press('ArrowDown');
    press('Enter');
    expect(onAction).toHaveBeenCalledWith('logout');
  });
});
