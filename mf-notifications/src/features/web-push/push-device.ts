import { ApiError, OTHER, refusalText, type HttpClient } from '@lendline/shared';

/** The service worker the server serves for the active mf-notifications release, and its scope (the whole site). */
export const SERVICE_WORKER_URL = '/notification-sw.js';
export const VAPID_KEY_PATH = '/v3/notification/vapidPublicKey';

/**
 * What "Notify me on this device" can say. `no-push-service`: the browser has permission but could not get a push
 * subscription from its push service (a browser built without one, a network that blocks it; headless Chromium).
 */
export type DeviceState =
  | { kind: 'checking' }
  | { kind: 'unsupported' }
  | { kind: 'off' }
  | { kind: 'working' }
  | { kind: 'on' }
  | { kind: 'denied' }
  | { kind: 'dismissed' }
  | { kind: 'no-push-service'; detail: string }
  | { kind: 'failed'; detail: string };

/** The browser parts used here, passed in so the unit tests can play the browser. */
export interface PushBrowser {
  serviceWorker?: Pick<ServiceWorkerContainer, 'register' | 'getRegistration'> & { ready: Promise<ServiceWorkerRegistration> };
  pushSupported: boolean;
  permission(): NotificationPermission | 'unsupported';
  requestPermission(): Promise<NotificationPermission>;
}

export function browserPush(): PushBrowser {
  const w = globalThis as typeof globalThis & { Notification?: typeof Notification; PushManager?: unknown };
  return {
    serviceWorker: typeof navigator !== 'undefined' && 'serviceWorker' in navigator ? navigator.serviceWorker : undefined,
    pushSupported: typeof w.PushManager !== 'undefined',
    permission: () => (w.Notification ? w.Notification.permission : 'unsupported'),
    requestPermission: () => w.Notification!.requestPermission(),
  };
}

const supported = (b: PushBrowser) => !!b.serviceWorker && b.pushSupported && b.permission() !== 'unsupported';

/** On load: what the device has now. Asks the user nothing (no permission prompt, no worker registered). */
export async function checkDevice(b: PushBrowser): Promise<DeviceState> {
  if (!supported(b)) return { kind: 'unsupported' };
  const permission = b.permission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'off' };
  const reg = await b.serviceWorker!.getRegistration('/').catch(() => undefined);
  const sub = await reg?.pushManager.getSubscription().catch(() => null);
  return sub ? { kind: 'on' } : { kind: 'off' };
}

/** The VAPID public key (base64url) as the bytes PushManager.subscribe takes. */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const b64 = base64url.replace(/-/g, '+').replace(/_/g, '/') + '='.repeat((4 - (base64url.length % 4)) % 4);
  const raw = atob(b64);
  const out = new Uint8Array(new ArrayBuffer(raw.length));
  for (let i = 0; i < raw.length; i++) out[i] = raw.charCodeAt(i);
  return out;
}

const sameKey = (a: ArrayBuffer | null | undefined, b: Uint8Array) => !!a && a.byteLength === b.length && new Uint8Array(a).every((v, i) => v === b[i]);

/** A browser refusal names itself (NotAllowedError: …); a server refusal is said as the §8 modal says it. */
const reasonOf = (err: unknown) => (err instanceof Error && !(err instanceof ApiError) ? `${err.name}: ${err.message}` : refusalText(err));

/**
 * The user's click on "Notify me on this device": the browser's permission question (only now), the service worker
 * at the site's root, a push subscription with the server's VAPID key, then POST /v3/notification/subscription so the
 * server sends this device the notifications that arrive while no Lendline page is open.
 */
export async function enableDevice(b: PushBrowser, api: Pick<HttpClient, 'get' | 'post'>, who: { userName: string; lang: string }): Promise<DeviceState> {
  if (!supported(b)) return { kind: 'unsupported' };
  const permission = b.permission() === 'granted' ? 'granted' : await b.requestPermission();
  if (permission === 'denied') return { kind: 'denied' };
  if (permission !== 'granted') return { kind: 'dismissed' };
  let reg: ServiceWorkerRegistration;
  let key: Uint8Array<ArrayBuffer>;
  try {
    await b.serviceWorker!.register(SERVICE_WORKER_URL, { scope: '/' });
    reg = await b.serviceWorker!.ready;
    key = keyBytes((await api.get<{ data: { publicKey: string } }>(VAPID_KEY_PATH, { silent: true })).data.publicKey);
  } catch (err) {
    return { kind: 'failed', detail: reasonOf(err) };
  }
  let sub: PushSubscription;
  try {
    const existing = await reg.pushManager.getSubscription();
    // A subscription made with another key (the server's keys were replaced) cannot carry this server's messages.
    if (existing && !sameKey(existing.options.applicationServerKey, key)) await existing.unsubscribe();
    sub = existing && sameKey(existing.options.applicationServerKey, key) ? existing : await reg.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
  } catch (err) {
    return { kind: 'no-push-service', detail: reasonOf(err) };
  }
  try {
    await api.post(OTHER.notificationSubscription, { subscription: sub.toJSON(), userId: who.userName, lang: who.lang === 'hi' ? 'hi' : 'en' }, { silent: true });
  } catch (err) {
    return { kind: 'failed', detail: reasonOf(err) };
  }
  return { kind: 'on' };
}
