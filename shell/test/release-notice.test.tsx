import { act, fireEvent, render, screen } from '@testing-library/react';
import { eventBus, i18nStore } from '@lendline/shared';
import en from '../src/features/i18n/locales/en.json';
import { ReleaseNotice } from '../src/features/release-notice/release-notice';
import { installReleaseNotices, page, releaseStore, type ReleaseChange } from '../src/features/release-notice/release-store';
import { loadRemotes } from '../src/remotes/load-remotes';

jest.mock('../src/remotes/federation', () => ({ registerRemotes: () => undefined, loadRemote: () => Promise.resolve() }));

// jsdom has no CSS.escape, which react-aria's collections use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s };

const change = (over: Partial<ReleaseChange> = {}): ReleaseChange => ({ name: 'mf_tasks', remote: 'mf-tasks', version: '1.1.0', previous: '1.0.0', kind: 'activate', urgent: false, ...over });
const navigate = () => act(() => void window.dispatchEvent(new Event('single-spa:before-routing-event')));

describe('a new release of a remote while the page is open', () => {
  let off: () => void;
  let reloads: number;
  beforeAll(async () => {
    i18nStore.setState({ lang: 'en', dictionaries: { en } }); // the shell's texts, as the page gets them
    // The page runs mf-tasks 1.0.0 (what the shell's loader registered).
    await loadRemotes({ remotes: [{ name: 'mf_tasks', remote: 'mf-tasks', version: '1.0.0', manifest: '/releases/mf-tasks/1.0.0/mf-manifest.json' }], updatedAt: '' });
  });
  beforeEach(() => {
    releaseStore.setState({ notices: [], urgent: null });
    reloads = 0;
    page.reload = () => void reloads++;
    delete window.lendlineUnsavedEdits;
    off = installReleaseNotices();
  });
  afterEach(() => off());

  it('shows "A new version of Tasks is available — Reload" without blocking, and Reload reloads', () => {
    render(<ReleaseNotice />);
    act(() => eventBus.emit('release:changed', change()));
    const banner = screen.getByTestId('release-banner');
    expect(banner.getAttribute('role')).toBe('status');
    expect(banner.textContent).toBe('A new version of Tasks is available — Reload');
    expect(screen.queryByRole('alertdialog')).toBeNull();
    fireEvent.click(screen.getByTestId('release-reload'));
    expect(reloads).toBe(1);
  });

  it('ignored, it reloads by itself on the next navigation — but not while there are unsaved edits', () => {
    act(() => eventBus.emit('release:changed', change()));
    window.lendlineUnsavedEdits = () => true;
    navigate();
    expect(reloads).toBe(0);
    window.lendlineUnsavedEdits = () => false;
    navigate();
    expect(reloads).toBe(1);
  });

  it('a change to the version the page already runs shows nothing, and navigation does not reload', () => {
    render(<ReleaseNotice />);
    act(() => eventBus.emit('release:changed', change({ version: '1.0.0', previous: '1.1.0', kind: 'rollback' })));
    expect(screen.queryByTestId('release-banner')).toBeNull();
    navigate();
    expect(reloads).toBe(0);
  });

  it('an urgent rollback asks at once with a dialog; Later leaves the banner', () => {
    render(<ReleaseNotice />);
    act(() => eventBus.emit('release:changed', change({ version: '0.9.0', kind: 'rollback', urgent: true })));
    const dialog = screen.getByTestId('release-urgent');
    expect(dialog.textContent).toContain('Tasks was rolled back to fix a problem. Reload now to use the fixed version.');
    fireEvent.click(screen.getByText('Later'));
    expect(screen.queryByTestId('release-urgent')).toBeNull();
    expect(screen.getByTestId('release-banner')).toBeTruthy();
    act(() => eventBus.emit('release:changed', change({ version: '0.9.0', kind: 'rollback', urgent: true })));
    fireEvent.click(screen.getByTestId('release-urgent-reload'));
    expect(reloads).toBe(1);
  });
});
