// What the browser benchmarks (form-keystroke, list-paint) share: the production server on a port of
// their own, Debian's Chromium with the e2e flags, percentiles, the preflight that the release being
// measured carries the user timings the bench reads, and the command-line flags.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem, release as osRelease } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// The flags of e2e/playwright.config.ts: quiet on a closed network.
export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-dev-shm-usage'];

/** `--name value` pairs of the command line. */
export const parseArgs = (argv = process.argv.slice(2)) =>
  Object.fromEntries(argv.reduce((acc, a, i, all) => (a.startsWith('--') ? [...acc, [a.slice(2), all[i + 1]]] : acc), []));

/** Nearest-rank percentile, rounded to `digits`. */
export function pct(xs, p, digits = 2) {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  return +s[Math.max(0, Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1))].toFixed(digits);
}

/**
 * The build exists and the active release of `remote` records the user timing named `marker`
 * (a release built before the probes would measure nothing). Returns that release's version.
 */
export function preflight(remote, marker, hint) {
  const missing = [
    ['server/dist/index.js', 'npm run build -w server'],
    ['shell/dist/index.html', 'npm run build -w shell'],
    ['releases/remotes.json', `npm run release -- ${remote}`],
  ].filter(([p]) => !existsSync(join(ROOT, p)));
  if (missing.length) throw new Error(`Build first: ${missing.map(([p, cmd]) => `${p} (${cmd})`).join(', ')}`);
  const doc = JSON.parse(readFileSync(join(ROOT, 'releases', 'remotes.json'), 'utf8'));
  const active = doc.remotes.find((r) => r.remote === remote);
  const dir = join(ROOT, 'releases', remote, active.version);
  const probed = readdirSync(dir).some((f) => f.endsWith('.js') && readFileSync(join(dir, f), 'utf8').includes(marker));
  if (!probed) throw new Error(`releases/${remote}/${active.version} ${hint}: npm run release -- ${remote}`);
  return active.version;
}

/** The production server (server/dist) on 127.0.0.1:port with `env`; stopped when this process exits. */
export function startServer(port, env) {
  const child = spawn(process.execPath, [join(ROOT, 'server', 'dist', 'index.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  child.stderr.pipe(process.stderr);
  // Interrupted (Ctrl-C, a timeout): take the server down too rather than leaving it on the port.
  const stop = () => child.exitCode === null && child.kill('SIGTERM');
  process.once('exit', stop);
  for (const sig of ['SIGINT', 'SIGTERM']) process.once(sig, () => process.exit(130));
  return child;
}

/** Stops a server started by startServer and waits until it has exited. */
export async function stopServer(child) {
  if (!child || child.exitCode !== null) return;
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

export async function waitForHealth(child, port, timeoutMs) {
  const t0 = Date.now();
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode} (is port ${port} free?)`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/health`)).ok) return;
    } catch {
      /* not listening yet */
    }
    if (Date.now() - t0 > timeoutMs) throw new Error(`server did not become healthy in ${timeoutMs / 1000} s`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** Writes a bench's result as bench/results/<name>.json (pretty, a final newline) and says so. */
export function writeResult(name, result) {
  mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
  writeFileSync(join(ROOT, 'bench', 'results', `${name}.json`), `${JSON.stringify(result, null, 2)}\n`);
  console.log(`written bench/results/${name}.json`);
}

/** The end of a browser bench, whatever got started: the browser closed, the server stopped, its data removed. */
export async function tearDown(browser, server, dataDir) {
  await browser?.close().catch(() => undefined);
  await stopServer(server);
  rmSync(dataDir, { recursive: true, force: true });
}

/**
 * The machine a browser bench ran on, for its result: cores, CPU, memory, OS, Node, Chromium, and the 1-minute load
 * at the start and now (other work on the machine inflates every wall-clock figure).
 */
export function machineOf(browser, loadAtStart) {
  return {
    cores: cpus().length,
    cpu: cpus()[0]?.model ?? 'unknown',
    memoryGb: +(totalmem() / 2 ** 30).toFixed(1),
    os: `${process.platform} ${osRelease()}`,
    node: process.version,
    chromium: browser.version(),
    loadAverage1m: { atStart: +loadAtStart.toFixed(2), atEnd: +loadavg()[0].toFixed(2) },
  };
}

/**
 * Records every request of the page behind `cdp` (url, encoded bytes, CDP start and end in monotonic seconds) in
 * the returned map, by request id, with the network on and the HTTP cache cleared: a cold load.
 */
export async function recordColdTransfers(cdp) {
  const transfers = new Map();
  cdp.on('Network.requestWillBeSent', (e) => transfers.set(e.requestId, { url: e.request.url, bytes: 0, start: e.timestamp, end: null }));
  cdp.on('Network.loadingFinished', (e) => {
    const t = transfers.get(e.requestId);
    if (t) Object.assign(t, { bytes: e.encodedDataLength, end: e.timestamp });
  });
  await cdp.send('Network.enable');
  await cdp.send('Network.clearBrowserCache');
  return transfers;
}
