import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { api, i18nStore, sessionStore, type User } from '@lendline/shared';
import en from '../src/features/i18n/locales/en.json';
import hi from '../src/features/i18n/locales/hi.json';
import { Header } from '../src/chrome/header';
import { initialsOf } from '../src/chrome/user-menu';

// jsdom has no CSS.escape, which react-aria's collections use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s };

const user = (userName: string, roles: string[] = ['CPA']) => ({ userName, firstName: 'Chitra', lastName: 'Pillai', displayName: 'Chitra Pillai', roles }) as unknown as User;
const signIn = (u: User) => act(() => sessionStore.setState({ session: { access_token: 't', sessionExpiryTime: Date.now() + 60_000 } as never, user: u }));
let groups: Record<string, string[]> = {};

beforeAll(() => i18nStore.setState({ lang: 'en', dictionaries: { en, hi } }));
beforeEach(() => {
  groups = { bh1: ['REPORTS'], cpa1: [] };
  jest.spyOn(api, 'get').mockImplementation(async (path: string) => {
    if (path !== '/v3/users/groupsByUserId') throw new Error(`unexpected ${path}`);
    const name = sessionStore.getState().user?.userName ?? '';
    return { data: (groups[name] ?? []).map((g) => ({ name: g, kind: 'ACTIVITY' })) } as never;
  });
  history.replaceState(null, '', '/backstage/tasks');
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => sessionStore.setState({ session: null, user: null }));
});

describe('the staff frame', () => {
  it('groups the areas under Work, marks the current one, and shows Insight only to the REPORTS group', async () => {
    signIn(user('cpa1'));
    render(<Header />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const work = within(nav).getByRole('list', { name: 'Work' });
    expect(within(work).getAllByRole('link').map((a) => a.textContent)).toEqual(['Applications', 'Tasks', 'Notifications', 'Video', 'Apply']);
    expect(within(work).getByRole('link', { name: 'Tasks' }).getAttribute('aria-current')).toBe('page');
    expect(within(work).getByRole('link', { name: 'Applications' }).getAttribute('aria-current')).toBeNull();
    await screen.findByTestId('user-menu'); // the groups were asked and answered by now
    expect(within(nav).queryByRole('list', { name: 'Insight' })).toBeNull();
    expect(within(nav).queryByRole('link', { name: 'Dashboard' })).toBeNull();
  });

  it('shows Dashboard and Reports under Insight to a manager', async () => {
    history.replaceState(null, '', '/backstage/dashboard');
    signIn(user('bh1', ['BH']));
    render(<Header />);
    const insight = await screen.findByRole('list', { name: 'Insight' });
    expect(within(insight).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Dashboard', '/backstage/dashboard'],
      ['Reports', '/backstage/reports'],
    ]);
    expect(within(insight).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page');
    // The dashboard lives in mf-applications' area, but it is not the Applications link's page.
    expect(screen.getByRole('link', { name: 'Applications' }).getAttribute('aria-current')).toBeNull();
  });

  it("holds language and sign-out in the user's menu, not beside the name; a language chosen there applies", async () => {
    signIn(user('cpa1'));
    render(<Header />);
    const trigger = await screen.findByTestId('user-menu');
    // Named by its content (no aria-label, so the visible name is part of the name): initials and name are seen, this is heard.
    expect(screen.getByRole('button', { name: 'Chitra Pillai, account menu' })).toBe(trigger);
    expect(within(trigger).getByTestId('user-display-name').textContent).toBe('Chitra Pillai');
    expect(screen.queryByRole('combobox', { name: 'Language' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Log out' })).toBeNull();
    fireEvent.click(trigger);
    const menu = screen.getByRole('menu');
    expect(within(menu).getByRole('menuitemradio', { name: 'English' }).getAttribute('aria-checked')).toBe('true');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
    fireEvent.click(within(menu).getByRole('menuitemradio', { name: 'हिन्दी' }));
    await waitFor(() => expect(i18nStore.getState().lang).toBe('hi'));
    expect(await screen.findByRole('list', { name: 'काम' })).toBeTruthy();
    act(() => i18nStore.setState({ lang: 'en' }));
  });

  it('keeps the language picker in the header for someone not signed in', () => {
    history.replaceState(null, '', '/');
    render(<Header />);
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
    expect(screen.queryByTestId('user-menu')).toBeNull();
  });

  it('draws initials from the first and last word', () => {
    expect(initialsOf('Chitra Pillai')).toBe('CP');
    expect(initialsOf('bcm1')).toBe('B');
    expect(initialsOf('  ')).toBe('?');
  });
});
