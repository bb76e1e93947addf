import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { Agent } from 'node:https';
import { join } from 'node:path';
import webpush from 'web-push';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { isStaff } from '../current-user';
import { forbidden, refused } from '../errors';
import { checkDestination, guardedLookup, isTrusted } from '../outbound-guard';
import { messagesIn, type NotificationRow } from './notifications';
import { applicationLink, isNotificationLang, PUSH_TITLE, type NotificationLang } from './texts';
import { firstLine, StartupError } from '../../startup-error';

/**
 * Web Push (§7 POST /v3/notification/subscription): a browser's push subscription is stored per user; a notification
 * for a user with no open socket is sent to each of their subscriptions as a real Web Push message (RFC 8030 + 8291
 * aes128gcm, VAPID RFC 8292, through the `web-push` package). The VAPID key pair is created on first start in
 * DATA_DIR (never in the repository). A push service answering 404 or 410 means the subscription is gone: it is
 * removed. The server posts only to push services on WEB_PUSH_ALLOWED_HOSTS, over https on port 443, through the
 * outbound guard (http/outbound-guard.ts: no internal address, checked where the socket connects), so a subscription
 * cannot make it call an arbitrary address or port. A test receiver elsewhere is named in OUTBOUND_ALLOW_HOSTS.
 */
export interface WebPushSettings {
  /** The VAPID `sub` claim: a mailto: or https: contact of the operator. */
  subject: string;
  /** Push-service hosts the server may post to (a subscription elsewhere is refused): exact, or a parent domain; port 443 only. */
  allowedHosts: string[];
  /** PEM file of extra CAs to trust for push services (a TLS-inspecting proxy of the bank; the tests' push service). */
  caFile?: string;
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

export const VAPID_FILE = 'web-push-vapid.json';

const loaded = new Map<string, VapidKeys>();

/** The VAPID keys of this installation: read from DATA_DIR, or created there on first start (mode 0600). */
export function loadVapidKeys(dataDir: string): VapidKeys {
  let keys = loaded.get(dataDir);
  if (!keys) loaded.set(dataDir, (keys = readOrCreateKeys(dataDir)));
  return keys;
}

function readOrCreateKeys(dataDir: string): VapidKeys {
  const file = join(dataDir, VAPID_FILE);
  if (existsSync(file)) return readVapidFile(file);
  mkdirSync(dataDir, { recursive: true });
  const keys = webpush.generateVAPIDKeys();
  // 'wx': two processes starting together on one DATA_DIR must not both write; the loser reads the winner's.
  try {
    writeFileSync(file, JSON.stringify(keys), { mode: 0o600, flag: 'wx' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return readOrCreateKeys(dataDir);
    throw err;
  }
  return keys;
}

/**
 * A VAPID file, checked at start-up (a damaged one stops the server with a StartupError naming it): JSON with a P-256
 * public key (65 bytes) and private key (32 bytes), base64url, as web-push writes them.
 */
function readVapidFile(file: string): VapidKeys {
  const remedy = 'restore it from a backup, or remove it to create a new pair (browsers then subscribe again to receive pushes)';
  let k: Partial<VapidKeys>;
  try {
    k = JSON.parse(readFileSync(file, 'utf8')) as Partial<VapidKeys>;
  } catch (e) {
    throw new StartupError(`The Web Push key file ${file} cannot be read as JSON (${firstLine(e)}): ${remedy}`);
  }
  const bytes = (v: unknown) => (typeof v === 'string' && /^[A-Za-z0-9_-]+=*$/.test(v) ? Buffer.from(v, 'base64url').length : -1);
  if (bytes(k?.publicKey) !== 65 || bytes(k?.privateKey) !== 32) throw new StartupError(`The Web Push key file ${file} is not a VAPID key pair {publicKey, privateKey}: ${remedy}`);
  return { publicKey: k.publicKey as string, privateKey: k.privateKey as string };
}

export interface SubscriptionInput {
  subscription: { endpoint: string; expirationTime?: number | null; keys: { p256dh: string; auth: string } };
  userId: string;
  lang?: string;
}

/**
 * Whether the endpoint is an https URL on an allowed push service, on port 443 (another port only when the operator
 * trusts that exact host:port in OUTBOUND_ALLOW_HOSTS), and not an internal address (the outbound guard).
 */
export function endpointAllowed(endpoint: string, allowedHosts: string[]): boolean {
  let u: URL;
  try {
    u = checkDestination(endpoint, { schemes: ['https:'] });
  } catch {
    return false;
  }
  return allowedHosts.map((h) => h.replace(/:443$/, '')).some((h) => u.hostname === h || u.hostname.endsWith(`.${h}`));
}

/** Stores (or refreshes) a subscription of the caller. A user subscribes only themself. */
export async function saveSubscription(q: Queryable, user: CurrentUser, input: SubscriptionInput, settings: WebPushSettings) {
  if (!isStaff(user)) throw forbidden('userId', 'Only staff receive notifications');
  if (input.userId !== user.userId && input.userId !== user.userName) throw forbidden('userId', 'You may only subscribe yourself');
  if (!endpointAllowed(input.subscription.endpoint, settings.allowedHosts)) throw refused('subscription.endpoint', 'The endpoint is not on a known push service');
  const lang: NotificationLang = isNotificationLang(input.lang) ? input.lang : 'en';
  await q.query(
    `INSERT INTO push_subscriptions (endpoint, username, p256dh, auth, lang) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (endpoint) DO UPDATE SET username = EXCLUDED.username, p256dh = EXCLUDED.p256dh, auth = EXCLUDED.auth, lang = EXCLUDED.lang, created_at = now()`,
    [input.subscription.endpoint, user.userName, input.subscription.keys.p256dh, input.subscription.keys.auth, lang],
  );
  return { subscribed: true, userId: user.userName };
}

/** The caller's subscribed browsers (GET /v3/notification/subscription), newest first. */
export async function listSubscriptions(q: Queryable, user: CurrentUser) {
  const { rows } = await q.query<{ endpoint: string; lang: NotificationLang; created_at: Date }>(
    `SELECT endpoint, lang, created_at FROM push_subscriptions WHERE username = $1 ORDER BY created_at DESC, endpoint`,
    [user.userName],
  );
  return rows.map((r) => ({ endpoint: r.endpoint, lang: r.lang, createdAt: new Date(r.created_at).toISOString() }));
}

interface SubscriptionRow {
  endpoint: string;
  username: string;
  p256dh: string;
  auth: string;
  lang: NotificationLang;
}

/**
 * The subscriptions of the recipients of several notifications in ONE query (a publish of many rows costs one round
 * trip, and none per row), by notification id.
 */
export async function subscriptionsOfRows(q: Queryable, rows: NotificationRow[]): Promise<Map<string, SubscriptionRow[]>> {
  const { rows: found } = await q.query<SubscriptionRow & { id: string }>(
    `SELECT n.id, s.endpoint, s.username, s.p256dh, s.auth, s.lang
       FROM unnest($1::text[], $2::text[], $3::text[], $4::text[]) AS n(id, username, team_id, sender)
       JOIN push_subscriptions s ON s.username = n.username
         OR (n.username IS NULL AND s.username <> n.sender AND s.username IN (SELECT m.user_id FROM team_members m WHERE m.team_id = n.team_id))
      ORDER BY s.endpoint`,
    [rows.map((r) => r.id), rows.map((r) => r.username), rows.map((r) => r.team_id), rows.map((r) => r.sender)],
  );
  const byRow = new Map<string, SubscriptionRow[]>();
  for (const { id, ...sub } of found) byRow.set(id, [...(byRow.get(id) ?? []), sub]);
  return byRow;
}

/**
 * The push message the service worker shows (mf-notifications/src/features/web-push/worker/service-worker.ts): title and text in the
 * subscription's language, and the page a click opens.
 */
export function pushPayload(row: NotificationRow, lang: NotificationLang): string {
  return JSON.stringify({
    title: PUSH_TITLE[lang],
    lang,
    body: messagesIn(row, lang).join(' '),
    url: row.application_id ? applicationLink(row.application_id) : '/backstage/notifications',
    notificationId: row.id,
    type: row.type,
  });
}

export type PushOutcome = 'sent' | 'gone' | 'failed';

const agents = new Map<string, Agent>();
/**
 * The HTTPS agent for push services: the extra CAs of WEB_PUSH_CA_FILE when set, and the outbound guard's lookup, so
 * each new socket connects only to addresses it checked (`trusted`: OUTBOUND_ALLOW_HOSTS, no address check). No
 * keep-alive: a pooled socket would be reused without a new lookup after the name moved to an internal address.
 */
function agentFor(settings: WebPushSettings, trusted: boolean): Agent {
  const key = `${settings.caFile ?? ''}|${trusted}`;
  let agent = agents.get(key);
  if (!agent) agents.set(key, (agent = new Agent({ keepAlive: false, lookup: guardedLookup(trusted), ...(settings.caFile ? { ca: readFileSync(settings.caFile) } : {}) })));
  return agent;
}

/** Sends one message; a 404/410 from the push service removes the subscription. */
export async function sendPush(q: Queryable, sub: SubscriptionRow, payload: string, vapid: VapidKeys, settings: WebPushSettings): Promise<PushOutcome> {
  if (!endpointAllowed(sub.endpoint, settings.allowedHosts)) return 'failed'; // the allow-list changed since it was stored
  try {
    await webpush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, payload, {
      vapidDetails: { subject: settings.subject, publicKey: vapid.publicKey, privateKey: vapid.privateKey },
      TTL: 24 * 3600,
      timeout: 10_000,
      contentEncoding: 'aes128gcm',
      agent: agentFor(settings, isTrusted(new URL(sub.endpoint))),
    });
    return 'sent';
  } catch (err) {
    const status = (err as { statusCode?: number }).statusCode;
    if (status === 404 || status === 410) {
      await q.query(`DELETE FROM push_subscriptions WHERE endpoint = $1`, [sub.endpoint]);
      return 'gone';
    }
    return 'failed';
  }
}
