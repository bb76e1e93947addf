#!/usr/bin/env node
// First-paint benchmark on loopback (issue 31): how close the staff login (`/`) and the applicant's landing page
// (`/newapplication` at 390×844) come to a bare HTML login form served beside them by the same server, the same way
// (static, compressed like every asset). No network or CPU throttling: the limit here is the machine and the bytes.
// Pages are loaded interleaved (bare, /, /newapplication), each cold (fresh browser context, cleared cache), N times.
// For each: largest contentful paint and first contentful paint (median, min, max), the bytes transferred before
// first paint (headers + encoded bodies of every response asked for before the first frame began and finished by the
// first contentful paint: what the first paint had to wait for, at most) and in all until the page settled. The
// ratios are LCP p50 ÷ the bare form's LCP p50 of the same run. Figures, not assertions: the exit code is 0 whenever the run completes.
// Writes bench/results/first-paint.json under `--label` (before | after | any name), keeping the other labels.
//
//   npm run build
//   npm run bench:first-paint [-- --runs 7] [--label after] [--port 9601]
import { createRequire } from 'node:module';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, release as osRelease } from 'node:os';
import { join } from 'node:path';
import { parseArgs, pct, recordColdTransfers, ROOT } from './support/browser-bench.mjs';
import { withBarePageServer } from './support/bare-page.mjs';

const require = createRequire(import.meta.url);
const args = parseArgs();
const PORT = Number(args.port ?? process.env.BENCH_PORT ?? 9601);
const BASE = `http://127.0.0.1:${PORT}`;
const RUNS = Number(args.runs ?? 7);
const LABEL = String(args.label ?? 'after');
const TARGETS = { loginTimesBare: 1.5, newapplicationTimesBare: 2, loginFirstPaintKB: 60, newapplicationFirstPaintKB: 150 };
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

// Recorded in the page before any of its own script runs (a DevTools-injected script, not the page's).
function observePaints() {
  window.__benchPaints = { lcp: [], fcp: null, enabled: null, frame: null };
  // The first frame's animation callbacks run just before it is drawn: a request sent after them cannot hold it back
  // (the paint loader adds the shell's scripts then). FCP is stamped later, when the frame is presented.
  requestAnimationFrame(() => (window.__benchPaints.frame = performance.now()));
  // When a form's submit button is first enabled: the login page's hydration (it is painted disabled; issue 31).
  new MutationObserver((_, observer) => {
    if (document.querySelector('form button[type="submit"]:not([disabled])')) {
      window.__benchPaints.enabled = performance.now();
      observer.disconnect();
    }
  }).observe(document, { subtree: true, childList: true, attributes: true, attributeFilter: ['disabled'] });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchPaints.lcp.push({ t: e.startTime, element: e.element ? `${e.element.tagName.toLowerCase()} "${(e.element.textContent ?? '').trim().slice(0, 40)}"` : null });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__benchPaints.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

async function measure(browser, { url, viewport, ready }) {
  const context = await browser.newContext({ viewport });
  try {
    await context.addInitScript(observePaints);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const transfers = await recordColdTransfers(cdp);
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url, { waitUntil: 'load', timeout: 60_000 });
    await ready(page);
    await page.waitForLoadState('networkidle', { timeout: 60_000 });
    const paints = await page.evaluate(() => {
      const p = window.__benchPaints;
      const nav = performance.getEntriesByType('navigation')[0];
      return { lcp: p.lcp[p.lcp.length - 1] ?? null, fcp: p.fcp, enabled: p.enabled, frame: p.frame, fetchStart: nav ? nav.fetchStart : 0 };
    });
    const all = [...transfers.values()];
    // CDP timestamps are monotonic seconds, the page's are milliseconds from its time origin (the navigation's start,
    // before the request is sent): the navigation request, the first one sent, is the page's fetchStart on both clocks.
    const t0 = Math.min(...all.map((t) => t.start));
    const pageMs = (ts) => (ts - t0) * 1000 + paints.fetchStart;
    // What the first paint may have waited for: asked before its frame began, and in by the time it was presented.
    const sentBy = paints.frame ?? paints.fcp;
    const beforeFirstPaint = paints.fcp === null ? null : all.filter((t) => t.end !== null && pageMs(t.start) <= sentBy && pageMs(t.end) <= paints.fcp).reduce((n, t) => n + t.bytes, 0);
    return {
      lcpMs: paints.lcp ? Math.round(paints.lcp.t) : null,
      lcpElement: paints.lcp?.element ?? null,
      fcpMs: paints.fcp === null ? null : Math.round(paints.fcp),
      formEnabledMs: paints.enabled === null ? null : Math.round(paints.enabled),
      bytesBeforeFirstPaint: beforeFirstPaint,
      bytes: all.reduce((n, t) => n + t.bytes, 0),
      requests: all.length,
      errors,
    };
  } finally {
    await context.close();
  }
}

const summary = (samples) => {
  const lcp = samples.map((s) => s.lcpMs).filter((x) => x !== null);
  return {
    lcpMs: { p50: pct(lcp, 50, 0), min: pct(lcp, 0, 0), max: pct(lcp, 100, 0) },
    fcpMsP50: pct(samples.map((s) => s.fcpMs).filter((x) => x !== null), 50, 0),
    // The form's submit button enabled (the login hydrated and can sign in); null on a page without such a form.
    formEnabledMsP50: samples.some((s) => s.formEnabledMs !== null) ? pct(samples.map((s) => s.formEnabledMs).filter((x) => x !== null), 50, 0) : null,
    kbBeforeFirstPaintP50: +(pct(samples.map((s) => s.bytesBeforeFirstPaint).filter((x) => x !== null), 50, 0) / 1024).toFixed(1),
    kbTransferredP50: +(pct(samples.map((s) => s.bytes), 50, 0) / 1024).toFixed(1),
    requestsP50: pct(samples.map((s) => s.requests), 50, 0),
    lcpElement: samples[samples.length - 1]?.lcpElement ?? null,
    runs: samples.map((s) => ({ lcpMs: s.lcpMs, fcpMs: s.fcpMs, kbBeforeFirstPaint: +((s.bytesBeforeFirstPaint ?? 0) / 1024).toFixed(1), kb: +(s.bytes / 1024).toFixed(1) })),
    pageErrors: [...new Set(samples.flatMap((s) => s.errors))],
  };
};

async function run() {
  const loadAtStart = loadavg()[0];
  // The built shell and the bare reference page on PORT, and Chromium (support/bare-page.mjs).
  await withBarePageServer('first-paint', PORT, async (browser) => {
    const pages = [
      { id: 'bare', url: `${BASE}/bench-bare-login.html`, viewport: DESKTOP, ready: (p) => p.getByRole('button', { name: 'Sign in' }).waitFor() },
      { id: 'login', url: `${BASE}/`, viewport: DESKTOP, ready: (p) => p.locator('input[type="password"]').waitFor({ timeout: 30_000 }) },
      { id: 'newapplication', url: `${BASE}/newapplication`, viewport: PHONE, ready: (p) => p.locator('.ll-card a[href*="product_code="]').first().waitFor({ timeout: 30_000 }) },
    ];
    // One warm-up load each (server caches, Chromium's first start), not counted.
    for (const p of pages) await measure(browser, p);
    const samples = Object.fromEntries(pages.map((p) => [p.id, []]));
    for (let i = 0; i < RUNS; i++) {
      for (const p of pages) {
        const s = await measure(browser, p);
        samples[p.id].push(s);
        console.log(`run ${i + 1}/${RUNS} ${p.id.padEnd(15)} LCP ${String(s.lcpMs).padStart(4)} ms · FCP ${String(s.fcpMs).padStart(4)} ms · ${((s.bytesBeforeFirstPaint ?? 0) / 1024).toFixed(1).padStart(6)} KB before first paint · ${(s.bytes / 1024).toFixed(1).padStart(6)} KB in all`);
      }
    }
    const out = Object.fromEntries(pages.map((p) => [p.id, { url: p.url.replace(BASE, ''), viewport: p.viewport, ...summary(samples[p.id]) }]));
    const bare = out.bare.lcpMs.p50;
    const ratio = (id) => +(out[id].lcpMs.p50 / bare).toFixed(2);
    const figures = {
      date: new Date().toISOString(),
      commit: gitHead(),
      machine: { cores: cpus().length, cpu: cpus()[0]?.model ?? 'unknown', os: `${process.platform} ${osRelease()}`, node: process.version, chromium: browser.version(), loadAverage1m: { atStart: +loadAtStart.toFixed(2), atEnd: +loadavg()[0].toFixed(2) } },
      runsPerPage: RUNS,
      pages: out,
      timesBare: { login: ratio('login'), newapplication: ratio('newapplication') },
      targets: {
        loginAtMost1_5xBare: ratio('login') <= TARGETS.loginTimesBare,
        newapplicationAtMost2xBare: ratio('newapplication') <= TARGETS.newapplicationTimesBare,
        loginFirstPaintAtMost60KB: out.login.kbBeforeFirstPaintP50 <= TARGETS.loginFirstPaintKB,
        newapplicationFirstPaintAtMost150KB: out.newapplication.kbBeforeFirstPaintP50 <= TARGETS.newapplicationFirstPaintKB,
      },
    };
    console.log(`\nFirst paint on loopback — ${RUNS} cold loads each, Chromium ${figures.machine.chromium}, load ${figures.machine.loadAverage1m.atStart}→${figures.machine.loadAverage1m.atEnd}`);
    for (const [id, p] of Object.entries(out)) {
      console.log(`${id.padEnd(15)} LCP p50 ${String(p.lcpMs.p50).padStart(4)} ms (${p.lcpMs.min}–${p.lcpMs.max}) · FCP ${p.fcpMsP50} ms${p.formEnabledMsP50 !== null && id !== 'bare' ? ` · sign-in enabled ${p.formEnabledMsP50} ms` : ''} · ${p.kbBeforeFirstPaintP50} KB before first paint · ${p.kbTransferredP50} KB in all${id === 'bare' ? '' : ` · ${figures.timesBare[id]}× bare`}`);
      if (p.pageErrors.length) console.log(`  page errors: ${p.pageErrors.join(' | ')}`);
    }
    const mark = (ok) => (ok ? 'met' : 'MISSED');
    const t = figures.targets;
    console.log(`targets: / ≤ 1.5× bare ${mark(t.loginAtMost1_5xBare)} · /newapplication ≤ 2× bare ${mark(t.newapplicationAtMost2xBare)} · / ≤ 60 KB to first paint ${mark(t.loginFirstPaintAtMost60KB)} · /newapplication ≤ 150 KB ${mark(t.newapplicationFirstPaintAtMost150KB)}`);

    const file = join(ROOT, 'bench', 'results', 'first-paint.json');
    const previous = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : {};
    const result = { benchmark: 'first-paint', how: 'loopback, no throttling; fresh context and cleared cache per load; pages interleaved; bytes before first paint = responses asked for before the first frame began and finished by first contentful paint', ...previous, [LABEL]: figures };
    mkdirSync(join(ROOT, 'bench', 'results'), { recursive: true });
    writeFileSync(file, `${JSON.stringify(result, null, 2)}\n`);
    console.log(`written bench/results/first-paint.json (${LABEL})`);
  });
}

function gitHead() {
  try {
    return require('node:child_process').execSync('git rev-parse --short HEAD', { cwd: ROOT }).toString().trim();
  } catch {
    return null;
  }
}

run().catch((e) => {
  console.error(e);
  process.exit(1);
});
