import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Bell } from '../src/features/bell/bell';
import { latestStore, type NotificationItem } from '../src/realtime/list-store';
import { notification } from './fixtures';

// The bell's dropdown on the UI kit's Popover: focus in, the rows' buttons, Escape and a click outside close it
// and focus goes back to the toggle. The socket is replaced: this is about the widget, not the transport.
jest.mock('../src/realtime/notification-socket', () => ({ acquireSocket: () => () => {}, send: jest.fn() }));
const socket = jest.requireMock<{ send: jest.Mock }>('../src/realtime/notification-socket');
jest.mock('../src/realtime/list-store', () => {
  const actual = jest.requireActual('../src/realtime/list-store');
  return { ...actual, loadPage: jest.fn(async () => {}) };
});

// jsdom has no CSS.escape, which react-aria's focus scopes use.
if (!globalThis.CSS) (globalThis as unknown as { CSS: { escape(s: string): string } }).CSS = { escape: (s: string) => s.replace(/[^\w-]/g, (c) => `\\${c}`) };

const row = (id: string, status: '0' | '1'): NotificationItem =>
  notification(id, { status, username: 'cpa2', messages: [`bcm1 assigned APP-${id}`], texts: { en: [`bcm1 assigned APP-${id}`] } });

beforeEach(() => {
  socket.send.mockReset();
  latestStore.setState({ items: [row('1', '0'), row('2', '1')], next: null, loaded: true, loading: false, error: null } as never);
});

async function openDropdown() {
  render(<Bell />);
  const toggle = screen.getByTestId('notification-menu-toggle');
  act(() => toggle.focus());
  fireEvent.click(toggle);
  // The first open loads the dropdown's chunk (the kit): in jest that is a cold compile of react-aria.
  const dropdown = await screen.findByRole('dialog', { name: 'Latest notifications' }, { timeout: 10_000 });
  await waitFor(() => expect(dropdown.contains(document.activeElement)).toBe(true));
  return { toggle, dropdown };
}

test('opens as a named dialog controlled by the toggle, with focus inside; the rows\' buttons send their events', async () => {
  const { toggle, dropdown } = await openDropdown();
  expect(dropdown.getAttribute('data-testid')).toBe('notification-dropdown');
  expect(toggle.getAttribute('aria-expanded')).toBe('true');
  expect(toggle.getAttribute('aria-controls')).toBe(dropdown.id);
  const rows = within(dropdown).getAllByTestId('dropdown-row');
  expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['unread', 'viewed']);
  fireEvent.click(within(rows[0]).getByRole('button', { name: 'Mark viewed' }));
  expect(socket.send).toHaveBeenCalledWith('UPDATE_VIEW', { notificationId: '1' });
  fireEvent.click(within(rows[1]).getByRole('button', { name: 'Delete' }));
  expect(socket.send).toHaveBeenCalledWith('DELETE_NOTIFICATION', { notificationId: '2' });
  expect(within(dropdown).getByRole('link', { name: 'See all notifications' }).getAttribute('href')).toBe('/backstage/notifications');
  expect(screen.getByRole('dialog')).toBe(dropdown); // still open after acting on rows
});

test('Escape closes it and focus returns to the toggle', async () => {
  const { toggle, dropdown } = await openDropdown();
  act(() => within(dropdown).getAllByRole('button', { name: 'Delete' })[0].focus());
  fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
  expect(screen.queryByRole('dialog')).toBeNull();
  expect(toggle.getAttribute('aria-expanded')).toBe('false');
  await waitFor(() => expect(document.activeElement).toBe(toggle));
});

test('a click outside closes it', async () => {
  await openDropdown();
  fireEvent.pointerDown(document.body);
  expect(screen.queryByRole('dialog')).toBeNull();
});
