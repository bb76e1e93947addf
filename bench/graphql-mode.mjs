#!/usr/bin/env node
// GraphQL run-mode benchmark (issue 31): the list query the applications remote sends (its APPLICATIONS_QUERY, read
// from mf-applications/src/api/applications-query.ts), 25 rows with the counts, POST /v3/graphql as bcm1 — timed on
// the real server started in its own process once with NODE_ENV=development and once with NODE_ENV=production
// (graphql-js reads NODE_ENV when it is loaded, so the mode has to be set for the whole process). Both run at once on
// their own fresh demo book (PGlite) and the requests alternate between them.
//
//   npm run build -w shared && npm run build -w server && node bench/graphql-mode.mjs [--iterations 300]
//
// Prints the figures and writes bench/results/graphql-mode.json.
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { constants, publicEncrypt } from 'node:crypto';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT, args, machine, stats, time, writeResult } from './support/server-bench.mjs';

const ITER = Number(args.iterations ?? 300);
const QUERY = /export const APPLICATIONS_QUERY = `([^`]+)`/.exec(readFileSync(join(ROOT, 'mf-applications', 'src', 'api', 'applications-query.ts'), 'utf8'))[1];

/** The server in its own process with NODE_ENV=mode, signed in as bcm1, warmed: one() times one list query. */
async function start(mode) {
  const dataDir = mkdtempSync(join(tmpdir(), 'lendline-bench-gql-'));
  // bench/support/documents-server.mjs: the real server in its own process on a loopback port.
  const server = spawn(process.execPath, [join(ROOT, 'bench', 'support', 'documents-server.mjs')], {
    env: { ...process.env, NODE_ENV: mode, DATA_DIR: join(dataDir, 'd'), RELEASES_DIR: join(dataDir, 'r'), SHELL_DIR: join(dataDir, 's') },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  try {
    const port = await new Promise((ok, fail) => {
      let out = '';
      server.stdout.on('data', (d) => { out += d; const m = /PORT (\d+)/.exec(out); if (m) ok(Number(m[1])); });
      server.once('exit', (code) => fail(new Error(`server exited ${code}`)));
    });
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    const request = (method, path, body, headers = {}) => new Promise((ok, fail) => {
      const req = http.request(`http://127.0.0.1:${port}${path}`, { method, agent, headers: { 'content-type': 'application/json', ...headers } }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => (res.statusCode === 200 ? ok(JSON.parse(Buffer.concat(chunks).toString())) : fail(new Error(`${path} ${res.statusCode} ${Buffer.concat(chunks)}`))));
      });
      req.on('error', fail);
      req.end(body === undefined ? undefined : JSON.stringify(body));
    });
    const health = await request('GET', '/health');
    const { publicKey } = await request('GET', '/v3/auth/public-key');
    const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Demo@12345')).toString('base64');
    const s = await request('POST', '/v3/auth/login', { username: 'bcm1', password });
    const headers = { access_token: s.access_token, sessionId: s.sessionid };
    const body = { query: QUERY, variables: { input: { queryType: 'TEAM_APPLICATIONS', _applicationStatus: ['ACTIVE'], pagination: { pageSize: 25, page: 0 } } } };
    let rows = 0;
    for (let i = 0; i < 30; i++) rows = (await request('POST', '/v3/graphql', body, headers)).data.applications.data.length;
    return {
      mode, healthMode: health.mode, rows,
      one: () => time(() => request('POST', '/v3/graphql', body, headers)),
      close: async () => { agent.destroy(); await stop(); },
    };
  } catch (e) {
    await stop();
    throw e;
  }
  async function stop() {
    server.kill('SIGTERM');
    await new Promise((r) => server.once('exit', r));
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// Both servers run at once and the requests alternate, so a shared machine's changing load weighs on both alike.
const servers = [await start('development'), await start('production')];
const times = [[], []];
try {
  for (let i = 0; i < ITER; i++) for (const k of i % 2 ? [1, 0] : [0, 1]) times[k].push(await servers[k].one());
} finally {
  for (const s of servers) await s.close();
}
const [development, production] = servers.map((s, k) => {
  const m = { mode: s.mode, healthMode: s.healthMode, rows: s.rows, api: stats(times[k]) };
  console.log(`[${s.mode}] /health mode ${s.healthMode}; ${s.rows} rows; p50 ${m.api.p50} p95 ${m.api.p95} p99 ${m.api.p99} ms`);
  return m;
});
writeResult('graphql-mode.json', {
  date: new Date().toISOString(),
  iterations: ITER,
  machine: machine(),
  query: 'mf-applications APPLICATIONS_QUERY, TEAM_APPLICATIONS, 25 rows with counts, bcm1, demo book (PGlite)',
  development,
  production,
  developmentOverProductionP50: +(development.api.p50 / production.api.p50).toFixed(2),
});
