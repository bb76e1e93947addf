import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { api, i18nStore, sessionStore, type User } from '@lendline/shared';
import en from '../src/features/i18n/locales/en.json';
import hi from '../src/features/i18n/locales/hi.json';
import { Header } from '../src/chrome/header';
import { NARROW_QUERY } from '../src/chrome/use-narrow';

// jsdom has no CSS.escape, which react-aria's collections use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s };

/** jsdom lays nothing out and has no matchMedia: a window of the given width, answering the narrow query as a browser would. */
function windowOf(width: number) {
  const listeners = new Set<() => void>();
  const query = { get matches() { return width < 720; }, media: NARROW_QUERY, addEventListener: (_: string, f: () => void) => listeners.add(f), removeEventListener: (_: string, f: () => void) => listeners.delete(f) };
  window.matchMedia = jest.fn((q: string) => {
    if (q !== NARROW_QUERY) throw new Error(`unexpected media query ${q}`);
    return query as unknown as MediaQueryList;
  });
  return { resize: (w: number) => act(() => { width = w; listeners.forEach((f) => f()); }) };
}

const cpa1 = { userName: 'cpa1', firstName: 'Chitra', lastName: 'Pillai', displayName: 'Chitra Pillai', roles: ['CPA'] } as unknown as User;

beforeAll(() => i18nStore.setState({ lang: 'en', dictionaries: { en, hi } }));
beforeEach(() => {
  jest.spyOn(api, 'get').mockResolvedValue({ data: [] } as never); // the user's activity groups: none (no Insight)
  history.replaceState(null, '', '/backstage/tasks');
  act(() => sessionStore.setState({ session: { access_token: 't', sessionExpiryTime: Date.now() + 60_000 } as never, user: cpa1 }));
});
afterEach(() => {
  jest.restoreAllMocks();
  act(() => sessionStore.setState({ session: null, user: null }));
  act(() => i18nStore.setState({ lang: 'en' }));
  delete (window as { matchMedia?: unknown }).matchMedia;
});

const panel = (toggle: HTMLElement) => document.getElementById(toggle.getAttribute('aria-controls')!)!;

describe('the staff navigation on a narrow screen (390 px)', () => {
  it('is one Menu button in the Main landmark; it opens a panel with the same links, and Escape shuts it and gives focus back', async () => {
    windowOf(390);
    render(<Header />);
    const nav = await screen.findByRole('navigation', { name: 'Main' });
    const toggle = within(nav).getByRole('button', { name: 'Menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel(toggle).hidden).toBe(true);
    expect(within(nav).queryByRole('link', { name: 'Tasks' })).toBeNull(); // hidden: not in the accessibility tree

    fireEvent.click(toggle);
    expect(toggle.getAttribute('aria-expanded')).toBe('true');
    expect(panel(toggle).hidden).toBe(false);
    const work = within(nav).getByRole('list', { name: 'Work' });
    expect(within(work).getAllByRole('link').map((a) => a.textContent)).toEqual(['Applications', 'Tasks', 'Notifications', 'Video', 'Apply']);
    expect(within(work).getByRole('link', { name: 'Tasks' }).getAttribute('aria-current')).toBe('page');

    const video = within(work).getByRole('link', { name: 'Video' });
    act(() => video.focus());
    fireEvent.keyDown(video, { key: 'Escape' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(panel(toggle).hidden).toBe(true);
    expect(document.activeElement).toBe(toggle);
  });

  it('following a link or clicking outside shuts the panel', async () => {
    windowOf(390);
    render(<Header />);
    const toggle = await screen.findByRole('button', { name: 'Menu' });
    fireEvent.click(toggle);
    fireEvent.click(screen.getByRole('link', { name: 'Applications' }));
    expect(location.pathname).toBe('/backstage');
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(toggle);
    fireEvent.pointerDown(document.body);
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
  });

  it('turned wide, the links are back in the header row with no button; narrow again, the button returns shut', async () => {
    const screenSize = windowOf(390);
    render(<Header />);
    await screen.findByRole('button', { name: 'Menu' });
    screenSize.resize(1280);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(within(nav).queryByRole('button')).toBeNull();
    expect(within(nav).getByRole('link', { name: 'Tasks' })).toBeTruthy();
    screenSize.resize(600);
    expect(within(nav).getByRole('button', { name: 'Menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('says Menu in Hindi on a Hindi page', async () => {
    windowOf(390);
    act(() => i18nStore.setState({ lang: 'hi' }));
    render(<Header />);
    expect(await screen.findByRole('button', { name: 'मेनू' })).toBeTruthy();
  });
});
