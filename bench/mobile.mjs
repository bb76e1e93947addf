#!/usr/bin/env node
// Mobile benchmark (issue 16): how fast an applicant's phone on a slow network sees the first pages.
// Lighthouse's mobile profile, applied through the Chromium DevTools Protocol on Debian's Chromium:
// 150 ms round trip per request, 1.6 Mbit/s down, 750 kbit/s up (DevTools' own throttling, with
// Lighthouse's kbit = 1024 bit), CPU 4× slower, a 412×823 phone screen at DPR 1.75, cold HTTP cache
// (a fresh browser context per load). The production build is served by the real server (server/dist)
// on port 8196 with a fresh DATA_DIR. Pages, N loads each, interleaved:
//   - bare: a plain HTML login form with no script, served by the same server the same way (static,
//     compressed like every asset): the reference a page of this size cannot beat;
//   - `/`: the staff login;
//   - `/newapplication`: the customer portal's product chooser (customer sign-in included);
//   - the first step (Personal information) of a personal-loan application, opened by its link on a
//     device that started it earlier (its session and application reference are in localStorage; the
//     HTTP cache is cold like every other load).
// For each: largest contentful paint (p50, min, max), first contentful paint, bytes transferred (what
// DevTools counts: headers + encoded bodies, until the page has settled), requests started before
// LCP, and the biggest transfers. Figures, not assertions: the exit code is 0 whenever the run
// completes. Writes bench/results/mobile.json.
//
//   npm run build
//   npm run bench:mobile [-- --runs 5] [--waterfall 1]
import { loadavg } from 'node:os';
import { machineOf, parseArgs, pct, recordColdTransfers, writeResult } from './support/browser-bench.mjs';
import { withBarePageServer } from './support/bare-page.mjs';

// BENCH_PORT moves it (a shared machine where each engineer has a port range).
const PORT = Number(process.env.BENCH_PORT ?? 8196);
const BASE = `http://127.0.0.1:${PORT}`;
const args = parseArgs();
const RUNS = Number(args.runs ?? 5);
// --waterfall 1: print every request's start and end (ms from the first) under each load.
const WATERFALL = Boolean(args.waterfall);

// Lighthouse's mobile profile (moto g power class phone on slow 4G).
const PROFILE = { rttMs: 150, downKbps: 1.6 * 1024, upKbps: 750, cpuSlowdown: 4, viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75 };
const USER_AGENT = 'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/150.0.0.0 Mobile Safari/537.36';
const TARGETS = { newapplication: { lcpMs: 2000, bytes: 250 * 1024 }, login: { lcpMs: 1500 }, timesBare: 5 };

// Recorded in the page before any of its own script runs (a DevTools-injected script, not the page's).
function observePaints() {
  window.__benchPaints = { lcp: [], fcp: null };
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__benchPaints.lcp.push({ t: e.startTime, size: e.size, element: e.element ? `${e.element.tagName.toLowerCase()}${e.element.id ? '#' + e.element.id : ''} "${(e.element.textContent ?? '').trim().slice(0, 40)}"` : null });
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.name === 'first-contentful-paint') window.__benchPaints.fcp = e.startTime;
  }).observe({ type: 'paint', buffered: true });
}

/** One cold load of `url` under the profile; `ready` waits for the content the page is for. */
async function measure(browser, url, ready, storageState) {
  const context = await browser.newContext({
    viewport: PROFILE.viewport,
    deviceScaleFactor: PROFILE.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    userAgent: USER_AGENT,
    ...(storageState ? { storageState } : {}),
  });
  try {
    await context.addInitScript(observePaints);
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    const transfers = await recordColdTransfers(cdp);
    // When the request got a connection (HTTP/1.1: six per host), for the waterfall.
    cdp.on('Network.responseReceived', (e) => {
      const t = transfers.get(e.requestId);
      if (t && e.response.timing) t.sent = e.response.timing.requestTime + e.response.timing.sendStart / 1000;
    });
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: PROFILE.rttMs,
      downloadThroughput: (PROFILE.downKbps * 1024) / 8,
      uploadThroughput: (PROFILE.upKbps * 1024) / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: PROFILE.cpuSlowdown });
    const errors = [];
    page.on('pageerror', (e) => errors.push(String(e)));
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await ready(page);
    // Settled: nothing in flight for 500 ms (late remotes and API replies count in the bytes).
    await page.waitForLoadState('networkidle', { timeout: 120_000 });
    const paints = await page.evaluate(() => {
      const p = window.__benchPaints;
      const lcp = p.lcp[p.lcp.length - 1] ?? null;
      const resources = performance.getEntriesByType('resource');
      return { lcp, fcp: p.fcp, requestsBeforeLcp: lcp ? 1 + resources.filter((r) => r.startTime <= lcp.t).length : null };
    });
    const all = [...transfers.values()];
    if (WATERFALL) {
      const t0 = Math.min(...all.map((t) => t.start));
      const ms = (t) => (t === null ? '   …' : String(Math.round((t - t0) * 1000)).padStart(5));
      console.log(`  ${url.replace(BASE, '')}: LCP ${Math.round(paints.lcp?.t ?? NaN)} ms ${paints.lcp?.element ?? ''}`);
      for (const t of all.sort((a, b) => a.start - b.start)) console.log(`  ${ms(t.start)} (sent ${ms(t.sent ?? null)}) → ${ms(t.end)} ms ${(t.bytes / 1024).toFixed(1).padStart(6)} KB ${new URL(t.url).pathname}${new URL(t.url).search}`);
    }
    return {
      lcpMs: paints.lcp ? Math.round(paints.lcp.t) : null,
      lcpElement: paints.lcp?.element ?? null,
      fcpMs: paints.fcp === null ? null : Math.round(paints.fcp),
      bytes: all.reduce((n, t) => n + t.bytes, 0),
      requests: all.length,
      requestsBeforeLcp: paints.requestsBeforeLcp,
      biggest: all
        .sort((a, b) => b.bytes - a.bytes)
        .slice(0, 6)
        .map((t) => `${new URL(t.url).pathname} ${(t.bytes / 1024).toFixed(1)} KB`),
      errors,
    };
  } finally {
    await context.close();
  }
}

/** Starts one personal-loan application like a customer (unthrottled) and returns its first step's link and storage. */
async function prepareApplication(browser) {
  const context = await browser.newContext({ viewport: PROFILE.viewport });
  try {
    const page = await context.newPage();
    await page.goto(`${BASE}/newapplication?product_code=PL&source_id=web&campaign_id=BENCH`);
    await page.getByRole('button', { name: 'Start application' }).click();
    await page.getByRole('heading', { level: 3, name: 'Personal information' }).waitFor({ timeout: 60_000 });
    return { url: page.url(), storageState: await context.storageState() };
  } finally {
    await context.close();
  }
}

const summary = (samples) => {
  const lcp = samples.map((s) => s.lcpMs).filter((x) => x !== null);
  const bytes = samples.map((s) => s.bytes);
  return {
    lcpMs: { p50: pct(lcp, 50, 0), min: pct(lcp, 0, 0), max: pct(lcp, 100, 0) },
    fcpMsP50: pct(samples.map((s) => s.fcpMs).filter((x) => x !== null), 50, 0),
    kbTransferredP50: +(pct(bytes, 50, 0) / 1024).toFixed(1),
    requestsP50: pct(samples.map((s) => s.requests), 50, 0),
    requestsBeforeLcpP50: pct(samples.map((s) => s.requestsBeforeLcp).filter((x) => x !== null), 50, 0),
    lcpElement: samples[samples.length - 1]?.lcpElement ?? null,
    biggestTransfers: samples[samples.length - 1]?.biggest ?? [],
    runs: samples.map((s) => ({ lcpMs: s.lcpMs, fcpMs: s.fcpMs, kb: +(s.bytes / 1024).toFixed(1), requests: s.requests, requestsBeforeLcp: s.requestsBeforeLcp })),
    pageErrors: [...new Set(samples.flatMap((s) => s.errors))],
  };
};

async function run() {
  const loadAtStart = loadavg()[0];
  // The built shell and the bare reference page on PORT, and Chromium (support/bare-page.mjs).
  await withBarePageServer('mobile', PORT, async (browser) => {
    const firstStep = await prepareApplication(browser);

    const pages = [
      { id: 'bare', url: `${BASE}/bench-bare-login.html`, ready: (p) => p.getByRole('button', { name: 'Sign in' }).waitFor() },
      { id: 'login', url: `${BASE}/`, ready: (p) => p.locator('input[type="password"]').waitFor({ timeout: 60_000 }) },
      { id: 'newapplication', url: `${BASE}/newapplication`, ready: (p) => p.locator('.ll-card a[href*="product_code="]').first().waitFor({ timeout: 60_000 }) }, // a product's way in (issue 28: its Apply link)
      {
        id: 'personalLoanFirstStep',
        url: firstStep.url,
        storageState: firstStep.storageState,
        ready: (p) => p.getByRole('heading', { level: 3, name: 'Personal information' }).waitFor({ timeout: 60_000 }),
      },
    ];
    const samples = Object.fromEntries(pages.map((p) => [p.id, []]));
    // Interleaved, so a busy moment on the machine spreads over every page rather than one.
    for (let i = 0; i < RUNS; i++) {
      for (const p of pages) {
        const s = await measure(browser, p.url, p.ready, p.storageState);
        samples[p.id].push(s);
        console.log(`run ${i + 1}/${RUNS} ${p.id.padEnd(22)} LCP ${String(s.lcpMs).padStart(5)} ms · FCP ${String(s.fcpMs).padStart(5)} ms · ${(s.bytes / 1024).toFixed(1).padStart(6)} KB · ${s.requests} requests (${s.requestsBeforeLcp} before LCP)`);
      }
    }
    const pagesOut = Object.fromEntries(pages.map((p) => [p.id, { url: p.url.replace(BASE, ''), ...summary(samples[p.id]) }]));
    const bare = pagesOut.bare.lcpMs.p50;
    const ratio = (id) => +(pagesOut[id].lcpMs.p50 / bare).toFixed(1);
    const result = {
      benchmark: 'mobile',
      date: new Date().toISOString(),
      machine: machineOf(browser, loadAtStart),
      profile: {
        ...PROFILE,
        how: 'Chromium DevTools Protocol: Network.emulateNetworkConditions (latency per request, throughput in bytes/s = kbps×1024/8) and Emulation.setCPUThrottlingRate; fresh browser context and cleared cache per load',
      },
      runsPerPage: RUNS,
      pages: pagesOut,
      timesBare: { login: ratio('login'), newapplication: ratio('newapplication'), personalLoanFirstStep: ratio('personalLoanFirstStep') },
      targets: {
        newapplicationLcpAtMost2s: pagesOut.newapplication.lcpMs.p50 <= TARGETS.newapplication.lcpMs,
        newapplicationAtMost250KB: pagesOut.newapplication.kbTransferredP50 * 1024 <= TARGETS.newapplication.bytes,
        loginLcpAtMost1500ms: pagesOut.login.lcpMs.p50 <= TARGETS.login.lcpMs,
        eachAtMost5xBare: ['login', 'newapplication', 'personalLoanFirstStep'].every((id) => ratio(id) <= TARGETS.timesBare),
      },
    };

    console.log(`\nMobile benchmark — Lighthouse mobile profile (RTT ${PROFILE.rttMs} ms, ${PROFILE.downKbps / 1024} Mbit/s down, ${PROFILE.upKbps} kbit/s up, CPU ×${PROFILE.cpuSlowdown}), ${RUNS} cold loads each, Chromium ${result.machine.chromium}, load ${result.machine.loadAverage1m.atStart}→${result.machine.loadAverage1m.atEnd}`);
    for (const [id, p] of Object.entries(pagesOut)) {
      console.log(`${id.padEnd(22)} LCP p50 ${String(p.lcpMs.p50).padStart(5)} ms (${p.lcpMs.min}–${p.lcpMs.max}) · FCP ${p.fcpMsP50} ms · ${p.kbTransferredP50} KB · ${p.requestsP50} requests, ${p.requestsBeforeLcpP50} before LCP${id === 'bare' ? '' : ` · ${result.timesBare[id]}× bare`}`);
      if (p.pageErrors.length) console.log(`  page errors: ${p.pageErrors.join(' | ')}`);
    }
    const mark = (ok) => (ok ? 'met' : 'MISSED');
    const t = result.targets;
    console.log(`targets: /newapplication LCP ≤ 2.0 s ${mark(t.newapplicationLcpAtMost2s)} · ≤ 250 KB ${mark(t.newapplicationAtMost250KB)} · / LCP ≤ 1.5 s ${mark(t.loginLcpAtMost1500ms)} · each ≤ 5× bare ${mark(t.eachAtMost5xBare)}`);

    writeResult('mobile', result);
  });
}

run().catch((e) => {
  console.error(e);
  process.exit(1);
});
