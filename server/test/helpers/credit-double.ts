import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local stand-in for the external credit systems (bureau, bank statement, decision engine, core banking, mandate),
 * on 127.0.0.1 and a free port, speaking the wire contract of adapters/credit/http.ts. What it answers is set per path
 * prefix by the test (`behave`): ok, a 5xx, a slow or hanging reply, malformed JSON, or a sequence of those. The money
 * endpoints keep what they applied by Idempotency-Key, as a bank does, and count every request, so a test can tell one
 * disbursement from two. Loopback on a free port is what the outbound guard refuses: a test opts the double in with
 * OUTBOUND_ALLOW_HOSTS = `allowHost` (process.env, read at each call), the operator's documented opt-in. `redirect`
 * makes a path answer 302 to another address (the guard's redirect test), and `refuse` a 4xx with a message.
 */
export type Behaviour = 'ok' | 'error' | 'malformed' | 'missing-fields' | 'hang' | { slowMs: number } | { applyThenHangMs: number } | { redirect: string } | { refuse: number; message: string } | { extra: Record<string, unknown> };

export interface CreditDouble {
  url: string;
  /** This double's OUTBOUND_ALLOW_HOSTS entry (127.0.0.1:<port>). */
  allowHost: string;
  /** Requests seen, by "METHOD path". */
  hits: Map<string, number>;
  /** Money operations applied, by idempotency key (each applied once, whatever the number of requests). */
  applied: Map<string, { reference: string; body: Record<string, unknown> }>;
  /** Headers of the last request per path (to check the credential and the idempotency key). */
  lastHeaders: Map<string, IncomingMessage['headers']>;
  /** Sets what the next requests to paths starting with `prefix` get; a list is used up one per request, then 'ok'. */
  behave(prefix: string, b: Behaviour | Behaviour[]): void;
  /** Resolves when a request for the prefix arrives (the crash test kills the server then). */
  waitFor(prefix: string): Promise<void>;
  close(): Promise<void>;
}

export async function startCreditDouble(port = 0): Promise<CreditDouble> {
  const rules = new Map<string, Behaviour[] | Behaviour>();
  const waiters: { prefix: string; resolve: () => void }[] = [];
  const hits = new Map<string, number>();
  const applied = new Map<string, { reference: string; body: Record<string, unknown> }>();
  const lastHeaders = new Map<string, IncomingMessage['headers']>();
  const open = new Set<ServerResponse>();

  const next = (path: string): Behaviour => {
    const prefix = [...rules.keys()].filter((p) => path.startsWith(p)).sort((a, b) => b.length - a.length)[0];
    if (!prefix) return 'ok';
    const r = rules.get(prefix)!;
    if (!Array.isArray(r)) return r;
    const b = r.shift() ?? 'ok';
    if (!r.length) rules.delete(prefix);
    return b;
  };

  const okBody = (method: string, path: string, body: Record<string, unknown>, key: string | undefined): unknown => {
    if (path === '/bureau/report') return { reference: 'DBL-CIR-1', score: 781, enquiriesLast6Months: 1, accounts: [{ lender: 'Double Bank', type: 'PERSONAL_LOAN', sanctioned: 300000, outstanding: 120000, emi: 9000, dpd: 0, status: 'ACTIVE' }] };
    if (path === '/bank-statement/analysis') return { transactionId: 'DBL-TXN-1', link: 'https://bank.double/t/1', emiObligations: 9000, months: [{ month: '2026-10', inflow: 150000, outflow: 90000, salaryCredit: 140000, bounces: 0 }] };
    if (path.startsWith('/decision_engine/execute/')) return { reference: 'DBL-DE-1', outcome: 'APPROVE', rules: [{ rule: 'DOUBLE_RULE', passed: true, effect: 'DECLINE', reason: 'The double approves' }] };
    if (method === 'GET' && path.startsWith('/operations/')) {
      const found = applied.get(decodeURIComponent(path.slice('/operations/'.length)));
      return found ? { reference: found.reference, status: 'CONFIRMED' } : null;
    }
    if (key) {
      let a = applied.get(key);
      if (!a) applied.set(key, (a = { reference: `DBL-${applied.size + 1}`, body }));
      return { reference: a.reference, status: 'CONFIRMED' };
    }
    return { message: 'unknown path' };
  };

  const server: Server = createServer((req, res) => {
    let data = '';
    req.on('data', (c) => (data += c));
    req.on('end', () => {
      const path = (req.url ?? '/').split('?')[0];
      const name = `${req.method} ${path}`;
      hits.set(name, (hits.get(name) ?? 0) + 1);
      lastHeaders.set(path, req.headers);
      for (const w of waiters.filter((x) => path.startsWith(x.prefix))) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
      let body: Record<string, unknown> = {};
      try {
        body = data ? JSON.parse(data) : {};
      } catch {
        /* the adapters always send JSON */
      }
      const b = next(path);
      const key = req.headers['idempotency-key'] as string | undefined;
      const send = (status: number, text: string) => {
        if (res.writableEnded || res.destroyed) return;
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(text);
      };
      if (b === 'hang') return void open.add(res);
      if (b === 'error') return send(503, JSON.stringify({ message: 'down' }));
      if (b === 'malformed') return send(200, '{"reference": "x", "score": ');
      if (b === 'missing-fields') return send(200, JSON.stringify({ reference: 'x' }));
      if (typeof b === 'object' && 'redirect' in b) {
        res.writeHead(302, { location: b.redirect });
        return void res.end();
      }
      if (typeof b === 'object' && 'refuse' in b) return send(b.refuse, JSON.stringify({ message: b.message }));
      const ok = okBody(req.method ?? 'GET', path, body, key);
      // `extra`: the fields a real service adds that the product does not use (and must not keep).
      const reply = typeof b === 'object' && 'extra' in b && ok && typeof ok === 'object' ? { ...ok, ...b.extra } : ok;
      if (typeof b === 'object' && 'applyThenHangMs' in b) {
        open.add(res);
        return void setTimeout(() => send(200, JSON.stringify(reply)), b.applyThenHangMs).unref();
      }
      const out = () => (reply === null ? send(404, JSON.stringify({ message: 'not found' })) : send(200, JSON.stringify(reply)));
      if (typeof b === 'object' && 'slowMs' in b) return void setTimeout(out, b.slowMs).unref();
      out();
    });
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    allowHost: `127.0.0.1:${bound}`,
    hits,
    applied,
    lastHeaders,
    behave: (prefix, b) => rules.set(prefix, Array.isArray(b) ? [...b] : b),
    waitFor: (prefix) => new Promise((resolve) => waiters.push({ prefix, resolve })),
    close: () =>
      new Promise((resolve) => {
        for (const r of open) r.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
