#!/usr/bin/env node
// Documents benchmark (issue 14): upload and download of a 10 MB file through the real server (multipart upload
// streamed to storage, download checked against its SHA-256 before it is sent), and the server process's peak RSS
// while 20 uploads of 10 MB run at once — the target is growth of at most 100 MB (streamed, not buffered).
// The server runs in its own process (bench/support/documents-server.mjs) on loopback with a fresh DATA_DIR.
//
//   npm run build -w shared && npm run build -w server && node bench/documents.mjs [--runs 5] [--parallel 20]
//
// Prints a table and writes bench/results/documents.json.
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const RUNS = Number(args.runs ?? 5);
const PARALLEL = Number(args.parallel ?? 20);
const SIZE = 10 * 1024 * 1024; // 10485760: the §9 maximum

const dataDir = mkdtempSync(join(tmpdir(), 'lendline-bench-docs-'));
const server = spawn(process.execPath, [join(ROOT, 'bench', 'support', 'documents-server.mjs')], {
  env: { ...process.env, DATA_DIR: dataDir, RELEASES_DIR: join(dataDir, 'r'), SHELL_DIR: join(dataDir, 's') },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const port = await new Promise((ok, fail) => {
  let out = '';
  server.stdout.on('data', (d) => {
    out += d;
    const m = /PORT (\d+)/.exec(out);
    if (m) ok(Number(m[1]));
  });
  server.once('exit', (code) => fail(new Error(`server exited ${code}`)));
});
const base = `http://127.0.0.1:${port}`;
const rssMb = () => Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${server.pid}/status`, 'utf8'))[1]) / 1024;

async function login(userName) {
  const { publicKey } = await (await fetch(`${base}/v3/auth/public-key`)).json();
  const password = publicEncrypt({ key: publicKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from('Demo@12345')).toString('base64');
  const res = await fetch(`${base}/v3/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username: userName, password }) });
  if (!res.ok) throw new Error(`login ${userName}: ${res.status} ${await res.text()}`);
  const s = await res.json();
  return { access_token: s.access_token, sessionId: s.sessionid };
}

try {
  const headers = await login('cpa1');
  const created = await fetch(`${base}/v3/application/save`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ product_code: 'PL', applicant: [{ type: 'primary', firstName: 'Bench' }], customFields: { loanAmount: 100000, tenureMonths: 12 } }) });
  const appId = (await created.json()).data.application_id;
  const file = Buffer.alloc(SIZE, 0x20);
  Buffer.from('%PDF-1.4\n').copy(file);
  const upload = async () => {
    const fd = new FormData();
    fd.append('file', new Blob([file], { type: 'application/pdf' }), 'bench.pdf');
    const res = await fetch(`${base}/api/uploadLocalFiletoS3?app_id=${appId}`, { method: 'POST', headers, body: fd });
    if (res.status !== 200) throw new Error(`upload ${res.status} ${await res.text()}`);
    return (await res.json()).data.fileId;
  };
  const download = async (fileId) => {
    const res = await fetch(`${base}/v3/document/file?application_id=${appId}&fileId=${fileId}`, { headers });
    const body = Buffer.from(await res.arrayBuffer());
    if (res.status !== 200 || body.length !== SIZE) throw new Error(`download ${res.status} ${body.length}`);
  };
  const timed = async (fn) => {
    const t = process.hrtime.bigint();
    const out = await fn();
    return { ms: Number(process.hrtime.bigint() - t) / 1e6, out };
  };
  const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

  const warm = await upload();
  await download(warm);
  const ups = [];
  const downs = [];
  let last = warm;
  for (let i = 0; i < RUNS; i++) {
    const u = await timed(upload);
    ups.push(u.ms);
    last = u.out;
    downs.push((await timed(() => download(last))).ms);
  }
  const mbps = (ms) => Math.round((SIZE / 1048576 / (ms / 1000)) * 10) / 10;

  global.gc?.();
  await new Promise((r) => setTimeout(r, 500));
  const baseline = rssMb();
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb())), 25);
  const burst = await timed(() => Promise.all(Array.from({ length: PARALLEL }, upload)));
  clearInterval(sampler);
  peak = Math.max(peak, rssMb());
  const growth = Math.round((peak - baseline) * 10) / 10;

  const result = {
    date: new Date().toISOString(),
    machine: { cpus: cpus().length, memGb: Math.round(totalmem() / 2 ** 30) },
    fileBytes: SIZE,
    runs: RUNS,
    upload: { medianMs: Math.round(median(ups)), mbPerS: mbps(median(ups)) },
    download: { medianMs: Math.round(median(downs)), mbPerS: mbps(median(downs)) },
    parallel: { uploads: PARALLEL, totalMs: Math.round(burst.ms), rssBaselineMb: Math.round(baseline), rssPeakMb: Math.round(peak), rssGrowthMb: growth, targetMb: 100, withinTarget: growth <= 100 },
  };
  console.table({ upload: result.upload, download: result.download });
  console.table(result.parallel);
  writeFileSync(join(ROOT, 'bench', 'results', 'documents.json'), JSON.stringify(result, null, 2) + '\n');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
