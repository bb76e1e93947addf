import { createECDH, createPublicKey, hkdfSync, randomBytes, verify, createDecipheriv, type ECDH } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/**
 * A push service on loopback for the Web Push tests: a real HTTPS receiver (self-signed, trusted by the server through
 * WEB_PUSH_CA_FILE) that plays the browser's side too. Loopback and a port other than 443 are refused by the outbound
 * guard: a test opts this receiver in with OUTBOUND_ALLOW_HOSTS = `allowHost` (the operator's documented opt-in). It
 * hands out subscriptions (its own P-256 key pair and auth secret per endpoint), checks each message's VAPID
 * Authorization (ES256 JWT signed by the `k` key, audience = its origin), and decrypts the aes128gcm body
 * (RFC 8291) with the subscription's private key, independently of the `web-push` package. An endpoint can be told
 * to answer 410 Gone, as a push service does for an expired subscription.
 */
export interface ReceivedPush {
  endpoint: string;
  payload: Record<string, unknown>;
  ttl: string | undefined;
  vapidKey: string;
}

interface Sub {
  ecdh: ECDH;
  auth: Buffer;
  gone: boolean;
}

const b64u = (b: Buffer) => b.toString('base64url');

function decryptAes128gcm(body: Buffer, sub: Sub): Buffer {
  const salt = body.subarray(0, 16);
  const idLen = body[20];
  const senderPublic = body.subarray(21, 21 + idLen);
  const ciphertext = body.subarray(21 + idLen);
  const uaPublic = sub.ecdh.getPublicKey();
  const shared = sub.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), uaPublic, senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, sub.auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const padded = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  let end = padded.length - 1;
  while (end >= 0 && padded[end] === 0) end--;
  if (padded[end] !== 2) throw new Error('not the last record (delimiter 0x02 missing)');
  return padded.subarray(0, end);
}

/** Checks `vapid t=<jwt>, k=<key>`: an ES256 JWT by that key for this origin, not expired. Returns the key. */
function checkVapid(header: string | undefined, origin: string): string {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`no VAPID Authorization: ${header}`);
  const [h, p, s] = m[1].split('.');
  const raw = Buffer.from(m[2], 'base64url');
  const key = createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: b64u(raw.subarray(1, 33)), y: b64u(raw.subarray(33, 65)) }, format: 'jwk' });
  if (!verify('sha256', Buffer.from(`${h}.${p}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(s, 'base64url'))) throw new Error('VAPID signature does not verify');
  const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as { aud: string; exp: number; sub: string };
  if (claims.aud !== origin || claims.exp * 1000 < Date.now() || !/^(mailto:|https:)/.test(claims.sub)) throw new Error(`bad VAPID claims ${JSON.stringify(claims)}`);
  return m[2];
}

/** A throwaway self-signed certificate for 127.0.0.1 (openssl CLI); the server trusts it through WEB_PUSH_CA_FILE. */
function selfSigned() {
  const dir = mkdtempSync(join(tmpdir(), 'lendline-push-'));
  const [key, cert] = [join(dir, 'key.pem'), join(dir, 'cert.pem')];
  const r = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1']);
  if (r.status !== 0) throw new Error(`openssl could not make a test certificate: ${r.stderr}`);
  return { dir, caFile: cert, key: readFileSync(key), cert: readFileSync(cert) };
}

export async function startPushReceiver() {
  const tls = selfSigned();
  const subs = new Map<string, Sub>();
  const received: ReceivedPush[] = [];
  const errors: string[] = [];
  let origin = '';
  const server: Server = createServer({ key: tls.key, cert: tls.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const endpoint = `${origin}${req.url}`;
      const sub = subs.get(req.url ?? '');
      if (!sub) return void res.writeHead(404).end();
      if (sub.gone) return void res.writeHead(410).end();
      try {
        if (req.method !== 'POST' || req.headers['content-encoding'] !== 'aes128gcm') throw new Error(`${req.method} ${req.headers['content-encoding']}`);
        const vapidKey = checkVapid(req.headers.authorization, origin);
        const payload = JSON.parse(decryptAes128gcm(Buffer.concat(chunks), sub).toString('utf8')) as Record<string, unknown>;
        received.push({ endpoint, payload, ttl: req.headers.ttl as string | undefined, vapidKey });
        res.writeHead(201).end();
      } catch (err) {
        errors.push((err as Error).message);
        res.writeHead(400).end();
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    /** This receiver's OUTBOUND_ALLOW_HOSTS entry (127.0.0.1:<port>). */
    allowHost: origin.replace('https://', ''),
    /** The certificate to trust (WEB_PUSH_CA_FILE). */
    caFile: tls.caFile,
    received,
    errors,
    /** A new browser subscription, as PushSubscription.toJSON() gives it. */
    subscribe() {
      const path = `/push/${randomBytes(8).toString('hex')}`;
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const sub: Sub = { ecdh, auth: randomBytes(16), gone: false };
      subs.set(path, sub);
      return { endpoint: `${origin}${path}`, expirationTime: null, keys: { p256dh: b64u(ecdh.getPublicKey()), auth: b64u(sub.auth) } };
    },
    /** The push service forgets the subscription: 410 Gone from now on. */
    expire(endpoint: string) {
      subs.get(endpoint.slice(origin.length))!.gone = true;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      rmSync(tls.dir, { recursive: true, force: true });
    },
  };
}
