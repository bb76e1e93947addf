#!/usr/bin/env node
// The video journey (e2e/tests/video.spec.ts): a real Janus and two Chromium pages exchanging media. Janus never
// gathers ICE candidates on a loopback interface, and test traffic must stay on 127.0.0.0/8, so this runs the server
// (which starts its own Janus), Playwright and Chromium inside a private network namespace made here: loopback up and
// a veth pair jv0/jv1 with 127.1.0.1/32 on jv0, the only interface Janus uses (JANUS_ICE_ENFORCE_LIST=jv0). Nothing
// can leave the namespace. Needs root (unshare --net), iproute2, Janus and Chromium; `npm run build` first.
import { spawnSync } from 'node:child_process';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
const missing = [!has('janus') && 'janus (apt-get install -y janus janus-tools)', !has('unshare') && 'unshare (util-linux)', !has('ip') && 'ip (iproute2)'].filter(Boolean);
const notRoot = typeof process.getuid === 'function' && process.getuid() !== 0;
if (missing.length || notRoot) {
  const why = [...missing.map((m) => `missing ${m}`), ...(notRoot ? ['not root (a network namespace needs it)'] : [])].join('; ');
  if (process.env.CI || process.env.VIDEO_E2E_REQUIRED) {
    console.error(`[video e2e] cannot run: ${why}`);
    process.exit(1);
  }
  console.log(`[video e2e] SKIPPED: ${why}`);
  process.exit(0);
}

const setup = [
  'set -e',
  'ip link set lo up',
  'ip link add jv0 type veth peer name jv1',
  'ip addr add 127.1.0.1/32 dev jv0',
  'ip link set jv0 up',
  'ip link set jv1 up',
  // Chromium and Janus must not see a route out; there is none in a fresh namespace.
  `cd ${JSON.stringify(join(repo, 'e2e'))}`,
  `exec npx playwright test -c playwright.video.config.ts ${process.argv.slice(2).map((a) => JSON.stringify(a)).join(' ')}`,
].join('\n');
const r = spawnSync('unshare', ['--net', '--fork', '--', 'sh', '-c', setup], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1', JANUS_ICE_ENFORCE_LIST: 'jv0' },
});
process.exit(r.status ?? 1);
