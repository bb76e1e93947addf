import { ApiError } from '@lendline/shared';
import { checkDevice, enableDevice, keyBytes, SERVICE_WORKER_URL, VAPID_KEY_PATH, type PushBrowser } from '../src/features/web-push/push-device';

// A P-256 public key as a server's vapidPublicKey route gives it (base64url, 65 bytes).
const KEY = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM';
const SUB_JSON = { endpoint: 'https://fcm.googleapis.com/fcm/send/abc', expirationTime: null, keys: { p256dh: 'p'.repeat(87), auth: 'a'.repeat(22) } };

/** A browser whose permission, subscription and push service behave as each test says; records what was asked. */
function fakeBrowser(o: { permission?: NotificationPermission; answer?: NotificationPermission; subscribeError?: Error; existingKey?: Uint8Array } = {}) {
  const asked: string[] = [];
  let permission = o.permission ?? 'default';
  const existing = o.existingKey
    ? { options: { applicationServerKey: o.existingKey.buffer }, toJSON: () => SUB_JSON, unsubscribe: async () => (asked.push('unsubscribe'), true) }
    : null;
  const pushManager = {
    getSubscription: async () => existing,
    subscribe: async (opts: { applicationServerKey: Uint8Array; userVisibleOnly: boolean }) => {
      asked.push(`subscribe:${opts.userVisibleOnly}:${opts.applicationServerKey.length}`);
      if (o.subscribeError) throw o.subscribeError;
      return { options: { applicationServerKey: opts.applicationServerKey.buffer }, toJSON: () => SUB_JSON };
    },
  };
  const reg = { pushManager } as unknown as ServiceWorkerRegistration;
  const b: PushBrowser = {
    pushSupported: true,
    permission: () => permission,
    requestPermission: async () => {
      asked.push('permission');
      permission = o.answer ?? 'granted';
      return permission;
    },
    serviceWorker: {
      register: (async (url: string, opts: RegistrationOptions) => (asked.push(`register:${url}:${opts.scope}`), reg)) as unknown as ServiceWorkerContainer['register'],
      getRegistration: (async () => (asked.push('getRegistration'), reg)) as unknown as ServiceWorkerContainer['getRegistration'],
      ready: Promise.resolve(reg),
    },
  };
  return { b, asked };
}

function fakeApi(postError?: unknown) {
  const posts: { path: string; body: unknown }[] = [];
  return {
    posts,
    get: async <T,>(path: string): Promise<T> => {
      expect(path).toBe(VAPID_KEY_PATH);
      return { data: { publicKey: KEY } } as T;
    },
    post: async <T,>(path: string, body?: unknown): Promise<T> => {
      if (postError) throw postError;
      posts.push({ path, body });
      return { data: { subscribed: true } } as T;
    },
  };
}
const who = { userName: 'cpa1', lang: 'hi' };

test('on load nothing is asked of the user: no permission prompt, no worker registered', async () => {
  const { b, asked } = fakeBrowser();
  expect(await checkDevice(b)).toEqual({ kind: 'off' });
  expect(asked).toEqual([]);
  expect(await checkDevice(fakeBrowser({ permission: 'denied' }).b)).toEqual({ kind: 'denied' });
  expect(await checkDevice({ ...b, pushSupported: false })).toEqual({ kind: 'unsupported' });
});

test('the click asks permission, registers the root worker, subscribes with the server key and posts {subscription, userId, lang}', async () => {
  const { b, asked } = fakeBrowser();
  const api = fakeApi();
  expect(await enableDevice(b, api, who)).toEqual({ kind: 'on' });
  expect(asked).toEqual(['permission', `register:${SERVICE_WORKER_URL}:/`, 'subscribe:true:65']);
  expect(api.posts).toEqual([{ path: '/v3/notification/subscription', body: { subscription: SUB_JSON, userId: 'cpa1', lang: 'hi' } }]);
});

test('a refused or unanswered permission says so and goes no further', async () => {
  for (const answer of ['denied', 'default'] as const) {
    const { b, asked } = fakeBrowser({ answer });
    const api = fakeApi();
    expect(await enableDevice(b, api, who)).toEqual({ kind: answer === 'denied' ? 'denied' : 'dismissed' });
    expect(asked).toEqual(['permission']);
    expect(api.posts).toEqual([]);
  }
});

test('a browser without a push service: the reason is kept for the page, nothing is posted', async () => {
  const err = Object.assign(new Error('Registration failed - permission denied'), { name: 'AbortError' });
  const { b } = fakeBrowser({ permission: 'granted', subscribeError: err });
  const api = fakeApi();
  expect(await enableDevice(b, api, who)).toEqual({ kind: 'no-push-service', detail: 'AbortError: Registration failed - permission denied' });
  expect(api.posts).toEqual([]);
});

test("a subscription made with another server key is replaced; the server's refusal is shown in its words", async () => {
  const { b, asked } = fakeBrowser({ permission: 'granted', existingKey: new Uint8Array(65).fill(4) });
  expect(await enableDevice(b, fakeApi(), who)).toEqual({ kind: 'on' });
  expect(asked).toEqual([`register:${SERVICE_WORKER_URL}:/`, 'unsubscribe', 'subscribe:true:65']);

  const same = fakeBrowser({ permission: 'granted', existingKey: keyBytes(KEY) });
  expect(await enableDevice(same.b, fakeApi(), who)).toEqual({ kind: 'on' });
  expect(same.asked).toEqual([`register:${SERVICE_WORKER_URL}:/`]);

  const refusal = new ApiError(400, { code: 1101, message: 'Validation Failed', data: [{ label: 'subscription.endpoint', reason: 'The endpoint is not on a known push service' }] });
  expect(await enableDevice(fakeBrowser({ permission: 'granted' }).b, fakeApi(refusal), who)).toEqual({
    kind: 'failed',
    detail: 'subscription.endpoint - The endpoint is not on a known push service',
  });
});
