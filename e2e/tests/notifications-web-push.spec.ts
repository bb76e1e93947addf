import { expect, test, type Page } from '@playwright/test';
import { loginAs } from '../support/login';
import { BASE_URL } from '../support/paths';

// Issue 13, Web Push in the browser: "Notify me on this device" on /backstage/notifications, the service worker the
// server serves at /notification-sw.js (the active mf-notifications release's), and what the worker shows.
// Headless Chromium has no push service: PushManager.subscribe() is refused even with the permission granted
// ("AbortError: Registration failed - permission denied"), so the journey checks that the page says so and stores
// nothing. The worker's handling of a push is checked by delivering one through DevTools
// (ServiceWorker.deliverPushMessage), which skips only the push service.

const BUTTON = 'Notify me on this device';

async function openPage(page: Page) {
  await loginAs(page, 'cpa1');
  await page.goto('/backstage/notifications');
  const control = page.getByTestId('notify-device');
  await expect(control.getByRole('button', { name: BUTTON })).toBeVisible();
  return control;
}

async function mySubscriptions(page: Page) {
  const session = await page.evaluate(() => JSON.parse(localStorage.getItem('lendline.session') ?? 'null')?.session as { access_token: string; sessionId: string });
  const res = await page.request.get('/v3/notification/subscription', { headers: { access_token: session.access_token, sessionId: session.sessionId } });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { data: unknown[] }).data;
}

test('nothing is asked on load; the click asks, and a refusal says how to allow notifications', async ({ page }) => {
  const control = await openPage(page);
  // A prompt on load would have been answered "denied" by the headless browser.
  expect(await page.evaluate(() => Notification.permission)).toBe('default');
  await control.getByRole('button', { name: BUTTON }).click();
  await expect(control.getByRole('alert')).toHaveText('Notifications are blocked for this site in your browser. Allow them in the site settings, then try again.');
  expect(await page.evaluate(() => Notification.permission)).toBe('denied');
  expect(await mySubscriptions(page)).toEqual([]);
});

test('allowed: the root worker is installed, the missing push service is said honestly, and the worker shows a pushed message', async ({ browser }) => {
  const context = await browser.newContext();
  await context.grantPermissions(['notifications'], { origin: BASE_URL });
  const page = await context.newPage();
  const control = await openPage(page);
  await control.getByRole('button', { name: BUTTON }).click();
  await expect(control.getByRole('alert')).toHaveText(
    /^This browser has no push service to subscribe with, so this device cannot get notifications when Lendline is closed \(AbortError: .+\)\.$/,
  );
  await expect(control.getByRole('button', { name: BUTTON })).toBeEnabled(); // the user can try again
  expect(await mySubscriptions(page)).toEqual([]);

  // The worker came from the stable root URL, with the whole site as its scope.
  const reg = await page.evaluate(async () => {
    const r = await navigator.serviceWorker.ready;
    return { scope: r.scope, script: r.active?.scriptURL };
  });
  expect(reg).toEqual({ scope: `${BASE_URL}/`, script: `${BASE_URL}/notification-sw.js` });

  // A message as the server words it (pushPayload), delivered to the worker: it shows it with the link to open.
  const cdp = await context.newCDPSession(page);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => registrations.find((r) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted)?.registrationId).toBeTruthy();
  const registrationId = registrations.find((r) => r.scopeURL === `${BASE_URL}/` && !r.isDeleted)!.registrationId;
  const message = { title: 'आपके लिए नई सूचना है', lang: 'hi', body: 'bcm1 ने APP-1 आपको सौंपा', url: '/backstage/application?application_id=APP-1', notificationId: '901', type: 'ASSIGNED' };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin: `${BASE_URL}/`, registrationId, data: JSON.stringify(message) });
  await expect
    .poll(() => page.evaluate(async () => (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, data: n.data }))))
    .toEqual([{ title: message.title, body: message.body, tag: 'lendline-901', data: { url: message.url } }]);
  await context.close();
});
