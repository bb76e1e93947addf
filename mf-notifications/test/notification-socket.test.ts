import { eventBus, type LendlineEvents } from '@lendline/shared';
import { bellStore, NEW_NOTIFICATION_TOAST } from '../src/realtime/bell-store';
import { wire } from '../src/realtime/notification-socket';
import { listStore, resetList, type NotificationItem } from '../src/realtime/list-store';
import { resetSeen } from '../src/realtime/seen';
import { notification } from './fixtures';

/** The server side of a socket: what the client emitted, and a way to push events to it. */
function fakeSocket() {
  const handlers = new Map<string, (p: unknown) => void>();
  const emitted: [string, unknown][] = [];
  return {
    on: (event: string, h: (p: unknown) => void) => {
      handlers.set(event, h);
      return () => handlers.delete(event);
    },
    emit: (event: string, payload?: unknown) => void emitted.push([event, payload]),
    push: (event: string, payload?: unknown) => handlers.get(event)?.(payload),
    emitted,
  };
}

let beeps = 0;
/** What reached the event bus as toasts (the shell's region shows these). */
let toasts: LendlineEvents['toast'][] = [];
eventBus.on('toast', (toast) => void toasts.push(toast));
beforeAll(() => {
  // A WebAudio double that counts the tones started: one per sound.
  const node = () => ({ connect() {}, gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, frequency: { setValueAtTime() {} }, start: () => beeps++, stop() {} });
  (window as unknown as { AudioContext: unknown }).AudioContext = class {
    currentTime = 0;
    destination = {};
    createGain = node;
    createOscillator = node;
  };
});
beforeEach(() => {
  beeps = 0;
  jest.useFakeTimers();
  bellStore.setState({ unread: null, connected: false });
  toasts = [];
  resetList();
  resetSeen();
});
afterEach(() => jest.useRealTimers());

const n = (id: string, status: '0' | '1' = '0'): NotificationItem => notification(id, { status });

test('connect asks UPDATE_COUNT and the bell shows the unread count of the reply', () => {
  const s = fakeSocket();
  wire(s, () => undefined);
  s.push('connect');
  expect(s.emitted).toEqual([['UPDATE_COUNT', {}]]);
  s.push('UPDATE_COUNT_RESULT', { data: { count: 2, unread: 5 } });
  expect(bellStore.getState()).toMatchObject({ unread: 5, connected: true });
  s.push('UPDATE_COUNT_RESULT', { code: 1101, message: 'Validation Failed', data: [] }); // a §8 body changes nothing
  expect(bellStore.getState().unread).toBe(5);
});

test('two NEW within 1.5 s: one toast and one sound; another after 1.5 s alerts again; each NEW recounts', () => {
  const s = fakeSocket();
  wire(s, () => undefined);
  s.push('NEW', { notificationId: '1' });
  // The toast goes to the shell's region through the event bus.
  expect(toasts).toEqual([{ kind: 'info', text: NEW_NOTIFICATION_TOAST }]);
  expect(NEW_NOTIFICATION_TOAST).toBe('You have new notification');
  expect(beeps).toBe(1);
  jest.advanceTimersByTime(1499);
  s.push('NEW', { notificationId: '2' });
  for (let i = 0; i < 8; i++) s.push('NEW', { notificationId: String(3 + i) });
  expect(beeps).toBe(1);
  expect(s.emitted.filter(([e]) => e === 'UPDATE_COUNT')).toHaveLength(10);
  expect(toasts).toHaveLength(1);
  jest.advanceTimersByTime(1);
  s.push('NEW', { notificationId: '11' });
  expect(beeps).toBe(2);
  expect(toasts).toHaveLength(2);
});

test('pushes and *_RESULT replies update the list; a §8 reply is shown; LOGOUT takes the expired path', () => {
  const s = fakeSocket();
  const logouts: number[] = [];
  wire(s, () => logouts.push(1));
  listStore.setState({ items: [n('2'), n('1', '1')], loaded: true, next: null });
  s.push('NOTIFICATION', n('3'));
  s.push('NOTIFICATION', n('3')); // the same push twice shows once
  expect(listStore.getState().items.map((i) => i.notificationId)).toEqual(['3', '2', '1']);
  s.push('UPDATE_VIEW_RESULT', { data: n('3', '1') });
  expect(listStore.getState().items[0].status).toBe('1');
  s.push('UPDATE_UNREAD_RESULT', { data: n('1', '0') });
  expect(listStore.getState().items[2].status).toBe('0');
  s.push('DELETE_NOTIFICATION_RESULT', { data: { notificationId: '2' } });
  expect(listStore.getState().items.map((i) => i.notificationId)).toEqual(['3', '1']);
  s.push('UPDATE_VIEW_RESULT', { code: 1101, message: 'Validation Failed', data: [{ label: 'notificationId', reason: 'Notification not found' }] });
  expect(listStore.getState().error).toBe('Notification not found');
  s.push('UPDATE_COUNT_BY_USER_RESULT', { data: { count: 0, updated: 1, unread: 2 } });
  expect(listStore.getState().items.map((i) => i.status)).toEqual(['0', '0']);
  expect(bellStore.getState().unread).toBe(2);
  expect(logouts).toEqual([]);
  s.push('LOGOUT', { reason: 'logout', message: 'Session expired. Please login again.' });
  expect(logouts).toEqual([1]);
});
