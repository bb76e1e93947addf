import type { PushMessage, WorkerGlobal } from './sw-types';

/**
 * The notifications service worker (Web Push). Built on its own, without imports or webpack runtime
 * (webpack/service-worker-plugin.cjs), into notification-sw.js beside remoteEntry.js; the server serves the active
 * release's copy at /notification-sw.js (scope '/'). It only shows pushed notifications and opens their link: no
 * fetch handler, so pages, remotes and the API never go through it.
 *
 * A message is what the server's pushPayload writes: {title, body, url, notificationId, type, lang}, worded in the
 * language the subscription was made in.
 */
const sw = self as unknown as WorkerGlobal;
const FALLBACK_URL = '/backstage/notifications';

/** Only a path of this site: a message never sends the user elsewhere. */
function sameSitePath(url: unknown): string {
  return typeof url === 'string' && url.startsWith('/') && !url.startsWith('//') && !url.includes('\\') ? url : FALLBACK_URL;
}

function readMessage(data: { json(): unknown; text(): string } | null): PushMessage {
  let m: Partial<PushMessage> = {};
  try {
    m = (data?.json() ?? {}) as Partial<PushMessage>;
  } catch {
    m = { body: data?.text() ?? '' };
  }
  return {
    title: typeof m.title === 'string' && m.title ? m.title : 'Lendline',
    body: typeof m.body === 'string' ? m.body : '',
    url: sameSitePath(m.url),
    notificationId: typeof m.notificationId === 'string' ? m.notificationId : undefined,
    lang: typeof m.lang === 'string' ? m.lang : undefined,
  };
}

// A new release's worker takes over at once: it holds no state an older one would need.
sw.addEventListener('install', (event) => event.waitUntil(sw.skipWaiting()));
sw.addEventListener('activate', (event) => event.waitUntil(sw.clients.claim()));

sw.addEventListener('push', (event) => {
  const m = readMessage(event.data);
  // The tag makes a message delivered twice (a retry of the push service) show once.
  const tag = m.notificationId ? `lendline-${m.notificationId}` : undefined;
  event.waitUntil(sw.registration.showNotification(m.title, { body: m.body, tag, lang: m.lang, data: { url: m.url } }));
});

sw.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = sameSitePath((event.notification.data as { url?: unknown } | null)?.url);
  event.waitUntil(openPage(new URL(path, sw.location.origin).href));
});

/** A tab already showing the page is focused; else one of the site's tabs is sent there; else a new window opens. */
async function openPage(href: string): Promise<unknown> {
  const tabs = await sw.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const same = tabs.find((c) => c.url === href);
  if (same) return same.focus();
  const ours = tabs.find((c) => c.url.startsWith(sw.location.origin) && c.navigate);
  if (ours?.navigate) {
    const moved = await ours.navigate(href).catch(() => null);
    if (moved) return moved.focus();
  }
  return sw.clients.openWindow(href);
}
