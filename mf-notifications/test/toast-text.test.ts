import { api, eventBus, i18nStore, type LendlineEvents } from '@lendline/shared';
import { wire } from '../src/realtime/notification-socket';
import { listStore, resetList, type NotificationItem } from '../src/realtime/list-store';
import { resetSeen } from '../src/realtime/seen';
import { toastText } from '../src/realtime/toast-text';
import { markAllRead } from '../src/realtime/mark-all-read';
import { about } from './fixtures';

/** Issue 26: the toast says what happened and who did it; "Mark all as read" is the list's main action. */
function fakeSocket() {
  const handlers = new Map<string, (p: unknown) => void>();
  return {
    on: (event: string, h: (p: unknown) => void) => void handlers.set(event, h),
    emit: () => undefined,
    push: (event: string, payload?: unknown) => handlers.get(event)?.(payload),
  };
}
const toasts: LendlineEvents['toast'][] = [];
eventBus.on('toast', (toast) => void toasts.push(toast));
beforeAll(() => {
  (window as unknown as { AudioContext: unknown }).AudioContext = undefined;
});
let clock = Date.now();
beforeEach(() => {
  // Each test starts past the 1.5 s alert throttle of the one before.
  jest.useFakeTimers();
  clock += 10_000;
  jest.setSystemTime(clock);
  toasts.length = 0;
  resetList();
  resetSeen();
  i18nStore.setState({ lang: 'en' });
});

afterEach(() => jest.useRealTimers());

const note = (over: Partial<NotificationItem> & { event: string; id?: string }): NotificationItem => ({
  _id: over.id ?? '41', notificationId: over.id ?? '41', createdAT: '2026-11-26T06:28:00.000Z', status: '0', isCounted: false,
  metadata: about('ASSIGNED', { event: over.event, applicationId: 'APP-00000241' }), username: 'bcm1', senderName: 'Bela Menon', recipient: 'cpa1', teamId: null,
  messages: ['bcm1 assigned APP-00000241 (Credit review) to you'], texts: { en: ['bcm1 assigned APP-00000241 (Credit review) to you'], hi: ['bcm1 ने APP-00000241 आपको सौंपा'] }, count: 1, ...over,
});

test('an assignment pushed by the socket toasts the application and the sender by name', () => {
  const s = fakeSocket();
  wire(s, () => undefined);
  s.push('NOTIFICATION', note({ event: 'AssignedToUser' }));
  s.push('NEW', { notificationId: '41', type: 'ASSIGNED' });
  expect(toasts).toEqual([{ kind: 'info', text: 'APP-00000241 assigned to you by Bela Menon' }]);
});

test('queries and approvals name theirs; a followed change says the server\'s own words; nothing at hand keeps §8\'s sentence', () => {
  expect(toastText(note({ event: 'AssignedQueriesToUser' }))).toBe('Query on APP-00000241 for you from Bela Menon');
  expect(toastText(note({ event: 'AssignedToApprovalTeam' }))).toBe('Approval of APP-00000241 asked of your team by Bela Menon');
  expect(toastText(note({ event: 'TeamApplication', messages: ['bcm1 rejected APP-00000241'], texts: { en: ['bcm1 rejected APP-00000241'], hi: ['x'] } }))).toBe('bcm1 rejected APP-00000241');
  expect(toastText(null)).toBe('You have new notification');
  expect(toastText(note({ event: 'AssignedToUser', senderName: undefined }))).toBe('APP-00000241 assigned to you by bcm1');
});

test('a NEW about another notification than the last pushed one does not borrow its words', () => {
  const s = fakeSocket();
  wire(s, () => undefined);
  s.push('NOTIFICATION', note({ event: 'AssignedToUser', id: '50' }));
  s.push('NEW', { notificationId: '51' });
  expect(toasts).toEqual([{ kind: 'info', text: 'You have new notification' }]);
});

test('mark all as read asks the server, then the list shows every one viewed', async () => {
  jest.useRealTimers();
  listStore.setState({ items: [note({ event: 'AssignedToUser', id: '1' }), note({ event: 'AssignedToUser', id: '2', status: '1' })] });
  const post = jest.spyOn(api, 'post').mockResolvedValue({ data: { updated: 1, unread: 0 } } as never);
  await markAllRead(api);
  expect(post).toHaveBeenCalledWith('/v3/notification/markAllRead', {});
  expect(listStore.getState().items.map((i) => i.status)).toEqual(['1', '1']);
  post.mockRestore();
});
