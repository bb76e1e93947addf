/**
 * @jest-environment node
 */
// The service worker's handlers, run against a stand-in for the worker's global scope (no `self` in Node).
type Listener = (e: unknown) => void;
const listeners: Record<string, Listener> = {};
const shown: { title: string; options: Record<string, unknown> }[] = [];
const tabs: { url: string; focus: jest.Mock; navigate?: jest.Mock }[] = [];
const opened: string[] = [];

(globalThis as Record<string, unknown>).self = {
  location: { origin: 'https://loans.example' },
  registration: { showNotification: async (title: string, options: Record<string, unknown>) => void shown.push({ title, options }) },
  clients: { claim: async () => undefined, matchAll: async () => tabs, openWindow: async (url: string) => (opened.push(url), null) },
  skipWaiting: async () => undefined,
  addEventListener: (type: string, l: Listener) => (listeners[type] = l),
};
beforeAll(() => import('../src/features/web-push/worker/service-worker'));

async function fire(type: string, event: Record<string, unknown>) {
  let done: Promise<unknown> = Promise.resolve();
  listeners[type]({ ...event, waitUntil: (p: Promise<unknown>) => (done = p) });
  await done;
}
const push = (payload: unknown) => fire('push', { data: { json: () => payload, text: () => String(payload) } });
const click = (url: unknown) => fire('notificationclick', { notification: { data: { url }, close: jest.fn() } });

beforeEach(() => {
  shown.length = 0;
  tabs.length = 0;
  opened.length = 0;
});

test("shows the server's message in its language, one per notification id", async () => {
  await push({ title: 'आपके लिए नई सूचना है', lang: 'hi', body: 'bcm1 ने APP-1 आपको सौंपा', url: '/backstage/application?application_id=APP-1', notificationId: '42', type: 'ASSIGNED' });
  expect(shown).toEqual([{ title: 'आपके लिए नई सूचना है', options: { body: 'bcm1 ने APP-1 आपको सौंपा', tag: 'lendline-42', lang: 'hi', data: { url: '/backstage/application?application_id=APP-1' } } }]);
});

test('a message pointing off the site opens the notifications page instead', async () => {
  await push({ title: 'x', body: 'y', url: 'https://evil.example/' });
  expect(shown[0].options.data).toEqual({ url: '/backstage/notifications' });
  await click('//evil.example/');
  expect(opened).toEqual(['https://loans.example/backstage/notifications']);
});

test('a click focuses the tab already on the page, else moves a site tab there, else opens a window', async () => {
  const target = 'https://loans.example/backstage/application?application_id=APP-1';
  await click('/backstage/application?application_id=APP-1');
  expect(opened).toEqual([target]);

  const other = { url: 'https://loans.example/backstage/tasks', focus: jest.fn(), navigate: jest.fn(async () => ({ url: target, focus: jest.fn() })) };
  tabs.push(other);
  await click('/backstage/application?application_id=APP-1');
  expect(other.navigate).toHaveBeenCalledWith(target);
  expect(opened).toHaveLength(1);

  const onIt = { url: target, focus: jest.fn() };
  tabs.unshift(onIt);
  await click('/backstage/application?application_id=APP-1');
  expect(onIt.focus).toHaveBeenCalled();
  expect(opened).toHaveLength(1);
});
