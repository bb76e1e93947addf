// The reference the first-paint benchmarks (first-paint.mjs, mobile.mjs) measure the login page against: a bare
// sign-in page of the same purpose, no script, no stylesheet — what a login page of this size cannot beat.
import { cpSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants as zlibConstants, gzipSync } from 'node:zlib';
import { ROOT } from './browser-bench.mjs';

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
