// The reference the first-paint benchmarks (first-paint.mjs, mobile.mjs) measure the login page against: a bare
// sign-in page of the same purpose, no script, no stylesheet — what a login page of this size cannot beat; and the
// run both benchmarks share (the server serving it beside the built shell, Chromium, the tear-down).
import { createRequire } from 'node:module';
import { cpSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { CHROMIUM, CHROMIUM_ARGS, preflight, ROOT, startServer, tearDown, waitForHealth } from './browser-bench.mjs';

const require = createRequire(import.meta.url);

export const BARE_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Sign in</title></head>
<body><main><h1>Sign in to Lendline</h1>
<form method="post" action="/bare-login"><p><label>User name <input name="username" autocomplete="username"></label></p>
<p><label>Password <input name="password" type="password" autocomplete="current-password"></label></p>
<p><button>Sign in</button></p></form></main></body></html>
`;

/**
 * A copy of the built shell in `dataDir`/shell with the bare page beside it (served at /bench-bare-login.html),
 * compressed the way the build compresses every asset, so the reference travels exactly like the shell's own
 * files. Returns the folder, for the server's SHELL_DIR.
 */
export function shellWithBarePage(dataDir) {
  const shellDir = join(dataDir, 'shell');
  cpSync(join(ROOT, 'shell', 'dist'), shellDir, { recursive: true });
  writeFileSync(join(shellDir, 'bench-bare-login.html'), BARE_PAGE);
  writeFileSync(join(shellDir, 'bench-bare-login.html.br'), brotliCompressSync(BARE_PAGE, { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 11 } }));
  writeFileSync(join(shellDir, 'bench-bare-login.html.gz'), gzipSync(BARE_PAGE, { level: 9 }));
  return shellDir;
}

/**
 * The run of a first-paint benchmark: checks the build (the portal's release), serves the built shell with the bare
 * page (a fresh DATA_DIR in a temporary folder named after `name`) on `port`, launches Chromium and hands it to
 * `measure` with the shell's folder (files written there are served at once); whatever happens, the browser is closed, the server stopped and the folder removed.
 */
export async function withBarePageServer(name, port, measure) {
  preflight('mf-portal', 'mf_portal', 'is missing');
  const { chromium } = require('playwright');
  const dataDir = mkdtempSync(join(tmpdir(), `lendline-bench-${name}-`));
  const shellDir = shellWithBarePage(dataDir);
  let server;
  let browser;
  try {
    server = startServer(port, { DATA_DIR: join(dataDir, 'data'), SHELL_DIR: shellDir });
    await waitForHealth(server, port, 90_000);
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
    return await measure(browser, shellDir);
  } finally {
    await tearDown(browser, server, dataDir);
  }
}
