#!/usr/bin/env node
// What each part of the staff login page (`/`) costs its first paint (issue 31): the page as the server sends it,
// saved as a static file and then stripped of one part after another, loaded beside the bare form of
// bench:first-paint. Each step of the ladder removes one part from the step before, so the difference between two
// neighbouring steps is what that part costs; the last step is the page's markup alone.
//   sent        `/` exactly as the server sent it (one response, saved)
//   no-scripts  without the paint loader: the shell's scripts never load (no hydration)
//   no-fonts    also without the web fonts' @font-face rules (text in the system's sans-serif)
//   no-shadows  also without the header's and the card's box shadows
//   no-boot     also without the boot data (the texts and remotes the shell reads when it starts)
//   no-styles   also without the first-paint stylesheet: the page's markup unstyled
// `live` is `/` rendered by the server for each load, so the server's own time shows beside `sent`.
// First contentful paint (the login page's largest paint is its first), median of N cold loads interleaved, ratios
// to the bare form of the same run. Figures, not assertions. Writes bench/results/first-paint-parts.json.
//
//   npm run build
//   npm run bench:first-paint-parts [-- --runs 25] [--port 9602]
import { writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { machineOf, parseArgs, pct, writeResult } from './support/browser-bench.mjs';
import { withBarePageServer } from './support/bare-page.mjs';

const args = parseArgs();
const PORT = Number(args.port ?? process.env.BENCH_PORT ?? 9602);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(args.runs ?? 25);
const VIEWPORT = { width: 1280, height: 800 };
// Let the last page's requests and teardown finish before the next load: on two cores they would be timed with it.
const GAP_MS = 300;

/** One removal per step; each must change the page, or the ladder would measure nothing. */
const STEPS = [
  ['no-scripts', (html) => html.replace(/<script defer src=\/paint-loader[^>]*><\/script>/, '')],
  ['no-fonts', (html) => html.replace(/<style[^>]*data-href="\/fonts\.[^"]*"[^>]*>[\s\S]*?<\/style>/, '')],
  ['no-shadows', (html) => html.replace(/box-shadow: var\(--ll-elevation-[12]\);/g, '')],
  ['no-boot', (html) => html.replace(/<script type="application\/json" id="ll-boot">[\s\S]*?<\/script>/, '')],
  ['no-styles', (html) => html.replace(/<style[^>]*data-href="\/first-paint\.[^"]*"[^>]*>[\s\S]*?<\/style>/, '')],
];

/** Writes `name` into the shell's copy with its .br and .gz, as the build compresses every asset. */
function writeStatic(shellDir, name, html) {
  writeFileSync(join(shellDir, name), html);
  writeFileSync(join(shellDir, `${name}.br`), brotliCompressSync(html, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(shellDir, `${name}.gz`), gzipSync(html, { level: 9 }));
}

/** The ladder's pages, written beside the bare form: `/` as sent, then each step. */
async function writeLadder(shellDir) {
  const res = await fetch(`${BASE}/`);
  if (!res.ok) throw new Error(`GET / answered ${res.status}`);
  // The nonce was this response's alone; the static copies are loaded with CSP bypassed (below) instead.
  let html = (await res.text()).replace(/ nonce="[^"]*"/g, '');
  if (!html.includes('data-first-paint')) throw new Error('GET / is not a painted page: is the shell built (npm run build)?');
  const pages = [{ id: 'sent', path: '/bench-parts-sent.html', bytes: Buffer.byteLength(html) }];
  writeStatic(shellDir, 'bench-parts-sent.html', html);
  for (const [id, strip] of STEPS) {
    const next = strip(html);
    if (next === html) throw new Error(`step ${id} removed nothing: the page changed, update bench/first-paint-parts.mjs`);
    html = next;
    writeStatic(shellDir, `bench-parts-${id}.html`, html);
    pages.push({ id, path: `/bench-parts-${id}.html`, bytes: Buffer.byteLength(html) });
  }
  return pages;
}

async function firstContentfulPaint(browser, path) {
  const context = await browser.newContext({ viewport: VIEWPORT, bypassCSP: true });
  try {
    await context.addInitScript(() => {
      window.__fcp = null;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__fcp = e.startTime;
      }).observe({ type: 'paint', buffered: true });
    });
    const page = await context.newPage();
    await page.goto(`${BASE}${path}`, { waitUntil: 'load', timeout: 60_000 });
    await page.waitForFunction(() => window.__fcp !== null, null, { timeout: 10_000 });
    const fcp = await page.evaluate(() => window.__fcp);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    return Math.round(fcp);
  } finally {
    await context.close();
    await new Promise((r) => setTimeout(r, GAP_MS));
  }
}

async function run() {
  const loadAtStart = loadavg()[0];
  // The built shell and the bare page on PORT, and Chromium (support/bare-page.mjs); the ladder goes beside them.
  await withBarePageServer('first-paint-parts', PORT, async (browser, shellDir) => {
    const ladder = await writeLadder(shellDir);
    const pages = [{ id: 'bare', path: '/bench-bare-login.html' }, { id: 'live', path: '/' }, ...ladder];
    for (const p of pages) await firstContentfulPaint(browser, p.path); // warm-up, not counted
    const fcp = Object.fromEntries(pages.map((p) => [p.id, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const p of pages) fcp[p.id].push(await firstContentfulPaint(browser, p.path));
      process.stdout.write(`\rrun ${i + 1}/${RUNS}`);
    }
    const bare = pct(fcp.bare, 50, 0);
    const out = pages.map((p, i) => {
      const p50 = pct(fcp[p.id], 50, 0);
      const before = i > 2 ? pct(fcp[pages[i - 1].id], 50, 0) : null;
      return { id: p.id, path: p.path, htmlBytes: p.bytes ?? null, fcpMsP50: p50, timesBare: +(p50 / bare).toFixed(2), partCostMs: before === null ? null : before - p50, runs: fcp[p.id] };
    });
    const machine = machineOf(browser, loadAtStart);
    console.log(`\n\nFirst paint of / by part — ${RUNS} cold loads each, Chromium ${machine.chromium}, load ${machine.loadAverage1m.atStart}→${machine.loadAverage1m.atEnd}`);
    for (const p of out) {
      const cost = p.partCostMs === null ? '' : ` · this part cost ${p.partCostMs} ms`;
      console.log(`${p.id.padEnd(11)} FCP p50 ${String(p.fcpMsP50).padStart(4)} ms (${pct(p.runs, 0, 0)}–${pct(p.runs, 100, 0)}) · ${p.timesBare}× bare${cost}`);
    }
    writeResult('first-paint-parts', { benchmark: 'first-paint-parts', how: 'the page / as sent, saved and stripped of one part after another; cold loads interleaved, CSP bypassed for the static copies; FCP p50; partCostMs = the step before minus this step', date: new Date().toISOString(), machine, runsPerPage: RUNS, pages: out });
  });
}

run().catch((e) => {
  console.error(e);
  process.exit(1);
});
