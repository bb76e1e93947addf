#!/usr/bin/env node
// Documents benchmark (issue 14): upload and download of a 10 MB file through the real server (multipart upload
// streamed to storage, download checked against its SHA-256 before it is sent), and the server process's peak RSS
// while 20 uploads of 10 MB run at once — the target is growth of at most 100 MB (streamed, not buffered).
// The server runs in its own process (bench/support/documents-server.mjs) on loopback with a fresh DATA_DIR.
//
//   npm run build -w shared && npm run build -w server && node bench/documents.mjs [--runs 5] [--parallel 20] [--cpu-prof <dir>]
//
// --cpu-prof <dir> writes the server process's V8 CPU profile there (open it in Chrome DevTools or speedscope).
//
// Upload and download are timed with a node:http client over one keep-alive socket (the multipart body written as it
// is, the reply counted), the way a browser or curl costs almost nothing per byte; the same through Node's fetch
// (undici's FormData encoder and arrayBuffer()) is measured beside it: that client adds ~80 ms per 10 MB on this
// machine, its own time, not the server's. The parallel RSS burst uses fetch.
// Prints a table and writes bench/results/documents.json.
import { spawn } from 'node:child_process';
import { constants, publicEncrypt } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createHash } from 'node:crypto';
import http from 'node:http';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const args = Object.fromEntries(process.argv.slice(2).reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));
const RUNS = Number(args.runs ?? 5);
const PARALLEL = Number(args.parallel ?? 20);
const SIZE = 10 * 1024 * 1024; // 10485760: the §9 maximum

const dataDir = mkdtempSync(join(tmpdir(), 'lendline-bench-docs-'));
const profile = args['cpu-prof'] ? ['--cpu-prof', '--cpu-prof-dir', resolve(args['cpu-prof'])] : [];
const server = spawn(process.execPath, [...profile, join(ROOT, 'bench', 'support', 'documents-server.mjs')], {
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
  // node:http over one keep-alive socket: the multipart body as a browser sends it, the reply streamed and counted.
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const boundary = '----LendlineBench7MA4YWxkTrZu0gW';
  const preamble = Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const epilogue = Buffer.from(`\r\n--${boundary}--\r\n`);
  const rawUpload = () => new Promise((ok, fail) => {
    const req = http.request(`${base}/api/uploadLocalFiletoS3?app_id=${appId}`, {
      method: 'POST', agent, headers: { ...headers, 'content-type': `multipart/form-data; boundary=${boundary}`, 'content-length': preamble.length + SIZE + epilogue.length },
    }, (res) => {
      const chunks = [];
      res.on('data', (c) => chunks.push(c));
      res.on('end', () => (res.statusCode === 200 ? ok(JSON.parse(Buffer.concat(chunks)).data.fileId) : fail(new Error(`upload ${res.statusCode} ${Buffer.concat(chunks)}`))));
    });
    req.on('error', fail);
    req.write(preamble);
    req.write(file);
    req.end(epilogue);
  });
  let lastDigest = '';
  const rawDownload = (fileId, digest = false) => new Promise((ok, fail) => {
    http.get(`${base}/v3/document/file?application_id=${appId}&fileId=${fileId}`, { agent, headers }, (res) => {
      let n = 0;
      const hash = digest ? createHash('sha256') : null;
      res.on('data', (c) => { n += c.length; hash?.update(c); });
      res.on('end', () => {
        if (hash) lastDigest = hash.digest('hex');
        return res.statusCode === 200 && n === SIZE ? ok() : fail(new Error(`download ${res.statusCode} ${n}`));
      });
    }).on('error', fail);
  });
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
  await rawDownload(await rawUpload());
  const ups = [];
  const downs = [];
  const fetchUps = [];
  const fetchDowns = [];
  let last = warm;
  for (let i = 0; i < RUNS; i++) {
    const u = await timed(rawUpload);
    ups.push(u.ms);
    last = u.out;
    downs.push((await timed(() => rawDownload(last))).ms);
  }
  // The bytes that came back are the bytes sent (the server checked its SHA-256 before sending; so does this).
  await rawDownload(last, true);
  if (lastDigest !== createHash('sha256').update(file).digest('hex')) throw new Error('downloaded bytes differ from the upload');
  for (let i = 0; i < RUNS; i++) {
    const u = await timed(upload);
    fetchUps.push(u.ms);
    fetchDowns.push((await timed(() => download(u.out))).ms);
  }
  agent.destroy();
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
    machine: { cpus: cpus().length, memGb: Math.round(totalmem() / 2 ** 30), loadavg: loadavg().map((x) => +x.toFixed(1)) },
    client: 'node:http keep-alive (upload/download); Node fetch beside it (fetchClient)',
    fileBytes: SIZE,
    runs: RUNS,
    upload: { medianMs: Math.round(median(ups)), mbPerS: mbps(median(ups)) },
    download: { medianMs: Math.round(median(downs)), mbPerS: mbps(median(downs)) },
    fetchClient: {
      upload: { medianMs: Math.round(median(fetchUps)), mbPerS: mbps(median(fetchUps)) },
      download: { medianMs: Math.round(median(fetchDowns)), mbPerS: mbps(median(fetchDowns)) },
    },
    targetMbPerS: 60,
    parallel: { uploads: PARALLEL, totalMs: Math.round(burst.ms), rssBaselineMb: Math.round(baseline), rssPeakMb: Math.round(peak), rssGrowthMb: growth, targetMb: 100, withinTarget: growth <= 100 },
  };
  console.table({ upload: result.upload, download: result.download, 'upload (fetch)': result.fetchClient.upload, 'download (fetch)': result.fetchClient.download });
  console.table(result.parallel);
  writeFileSync(join(ROOT, 'bench', 'results', 'documents.json'), JSON.stringify(result, null, 2) + '\n');
} finally {
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
