import { lookup as dnsLookup, promises as dnsPromises, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { callTimeEnv } from '../config/call-time';

/**
 * The one guard of every server-side request to an address that a person configured (an external system's baseUrl,
 * a browser's push endpoint): the server must not become a way to reach its own machine or the bank's internal
 * network (SSRF). A destination is refused when
 * - its scheme is not http: or https:, or it carries a user name or password;
 * - its port is not the scheme's default (80 for http, 443 for https);
 * - its host, or ANY address its name resolves to, is loopback, unspecified, link-local, private, CGNAT,
 *   unique-local, multicast, broadcast or reserved, including the IPv4-mapped IPv6 spellings of these.
 * Odd IPv4 spellings (2130706433, 0x7f000001, 0x7f.1, 127.1) are normalised by the WHATWG URL parser to 127.0.0.1
 * before the check, so they are refused like the plain form. A name (localhost, or any name an attacker points at
 * 127.0.0.1) is judged by the addresses it resolves to.
 *
 * The check happens where the socket connects (the `lookup` given to the connection): the address checked is the
 * address used, so a name that resolves to a public address for the check and to 127.0.0.1 for the connection (DNS
 * rebinding) cannot slip through. Redirects are never followed by the callers (a 3xx is an answer, not a new
 * destination), so there is no second destination to check.
 *
 * OUTBOUND_ALLOW_HOSTS is the operator's explicit opt-in, off by default: a comma list of `host` or `host:port`
 * (IPv6 in brackets) trusted as they are — any address, and for `host:port` that port. It exists for an external
 * system that really is on the bank's private network, and for the tests' local doubles on 127.0.0.1. It is read
 * from the process environment at each call (like an external system's credential), so it is never stored.
 */

/** A destination the guard refuses; `reason` is this server's own wording (for the §8 message and the log). */
export class OutboundRefused extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'OutboundRefused';
  }
}

// Two lists: one BlockList matches IPv4 rules against IPv4-mapped IPv6 and back, which would put every IPv4
// address inside the IPv6 rule ::ffff:0:0/96 below.
const blocked = new BlockList();
const blocked6 = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", including the unspecified 0.0.0.0
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // CGNAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast 255.255.255.255
] as const) blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 96], // unspecified, loopback (::1) and the old IPv4-compatible ::a.b.c.d
  ['::ffff:0:0', 96], // IPv4-mapped (::ffff:127.0.0.1 is 127.0.0.1): no public service needs this spelling
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['100::', 64], // discard
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address embedded
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // old site-local
  ['ff00::', 8], // multicast
] as const) blocked6.addSubnet(net, bits, 'ipv6');

/** Whether an IP address is one the server must not call (see above). Anything that is not an IP is refused too. */
export function isInternalAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  const family = isIP(ip);
  if (family === 4) return blocked.check(ip, 'ipv4');
  if (family !== 6) return true;
  return blocked6.check(ip, 'ipv6');
}

/** One OUTBOUND_ALLOW_HOSTS entry: the host as the URL parser writes it, and the port (null: the default ports). */
interface Trusted {
  host: string;
  port: number | null;
}

/** Parses OUTBOUND_ALLOW_HOSTS; `problems` gets one line per entry that is not `host` or `host:port`. */
export function parseAllowHosts(raw: string | undefined, problems: string[] = []): Trusted[] {
  const out: Trusted[] = [];
  for (const entry of (raw ?? '').split(',').map((s) => s.trim()).filter(Boolean)) {
    const m = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::(\d{1,5}))?$/.exec(entry);
    let host: string | null = null;
    try {
      host = m ? new URL(`http://${m[1]}/`).hostname : null;
    } catch {
      host = null;
    }
    const port = m?.[2] ? Number(m[2]) : null;
    if (!m || !host || (port !== null && (port < 1 || port > 65535))) {
      problems.push(`OUTBOUND_ALLOW_HOSTS item "${entry}" must be host or host:port (IPv6 in brackets)`);
      continue;
    }
    out.push({ host, port });
  }
  return out;
}

/** For env.ts: OUTBOUND_ALLOW_HOSTS checked at start-up, so a typo stops the server instead of silently allowing nothing. */
export function checkOutboundEnv(source: NodeJS.ProcessEnv, problems: string[]): void {
  parseAllowHosts(source.OUTBOUND_ALLOW_HOSTS, problems);
}

const DEFAULT_PORT: Record<string, number> = { 'http:': 80, 'https:': 443 };

/** The port a URL connects to (the scheme's default when none is written). */
export function portOf(u: URL): number {
  return u.port ? Number(u.port) : DEFAULT_PORT[u.protocol] ?? 0;
}

/** Whether the operator trusts this URL's host and port (OUTBOUND_ALLOW_HOSTS). */
export function isTrusted(u: URL, env: NodeJS.ProcessEnv = callTimeEnv()): boolean {
  const port = portOf(u);
  return parseAllowHosts(env.OUTBOUND_ALLOW_HOSTS).some((t) => t.host === u.hostname && (t.port === null ? port === DEFAULT_PORT[u.protocol] : t.port === port));
}

export interface DestinationRules {
  /** Schemes allowed (default http: and https:). */
  schemes?: string[];
}

/**
 * Checks a URL before any connection: scheme, credentials, port, and — when the host is an IP literal, which the
 * connection does not look up — the address. A host name is checked again, address by address, when the socket
 * connects (guardedLookup). Returns the parsed URL; throws OutboundRefused with a reason that names no address the
 * name resolved to.
 */
export function checkDestination(url: string, rules: DestinationRules = {}, env: NodeJS.ProcessEnv = callTimeEnv()): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new OutboundRefused('it is not a URL');
  }
  const schemes = rules.schemes ?? ['http:', 'https:'];
  if (!schemes.includes(u.protocol)) throw new OutboundRefused(`only ${schemes.map((s) => s.replace(':', '')).join(' or ')} is allowed`);
  if (u.username || u.password) throw new OutboundRefused('it must not carry a user name or password');
  if (isTrusted(u, env)) return u;
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isInternalAddress(host)) throw new OutboundRefused('it is a loopback, private, link-local or otherwise internal address');
  if (u.port && portOf(u) !== DEFAULT_PORT[u.protocol]) throw new OutboundRefused(`only the standard port (${DEFAULT_PORT[u.protocol]}) is allowed`);
  return u;
}

/**
 * The `lookup` for a connection to a checked URL: resolves the name, refuses when ANY of its addresses is internal
 * (one internal address is enough for a rebinding attacker), and hands the connection exactly the checked addresses.
 * `trusted` (OUTBOUND_ALLOW_HOSTS) skips the address check, not the resolution.
 */
export function guardedLookup(trusted: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { all: true, family: options.family, hints: options.hints }, (err, addresses: LookupAddress[]) => {
      if (err) return callback(err, '', 0);
      if (!addresses.length) return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      if (!trusted && addresses.some((a) => isInternalAddress(a.address))) {
        return callback(new OutboundRefused('its name resolves to a loopback, private, link-local or otherwise internal address'), '', 0);
      }
      if ((options as { all?: boolean }).all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

const RESOLVE_AT_CONFIG_MS = 2000;

/**
 * checkDestination, plus the addresses the name resolves to now (for configuration time, so an admin hears at once
 * that a name points inside). A name that does not resolve now is let through: the connection checks it again.
 */
export async function checkResolvedDestination(url: string, env: NodeJS.ProcessEnv = callTimeEnv()): Promise<URL> {
  const u = checkDestination(url, {}, env);
  const host = u.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) || isTrusted(u, env)) return u;
  let addresses: LookupAddress[] = [];
  let timer: NodeJS.Timeout | undefined;
  try {
    // Bounded: a slow resolver must not hold the admin's request; the call checks again anyway.
    const late = new Promise<LookupAddress[]>((resolve) => (timer = setTimeout(() => resolve([]), RESOLVE_AT_CONFIG_MS)));
    addresses = await Promise.race([dnsPromises.lookup(host, { all: true }), late]);
  } catch {
    return u;
  } finally {
    clearTimeout(timer);
  }
  if (addresses.some((a) => isInternalAddress(a.address))) throw new OutboundRefused('its name resolves to a loopback, private, link-local or otherwise internal address');
  return u;
}
