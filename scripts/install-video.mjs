// `npm start`'s pre-step: on a Debian machine, as root, install what video calls need (Janus and janus-pp-rec) the
// way .ci/run installs Chromium. Skips when not root, when they are installed, or without apt-get; never fails the
// start (without Janus the server runs and the video area says how to set it up).
import { spawnSync } from 'node:child_process';

const has = (bin) => spawnSync('sh', ['-c', `command -v ${bin}`], { stdio: 'ignore' }).status === 0;
const missing = [];
if (!has('janus')) missing.push('janus');
if (!has('janus-pp-rec')) missing.push('janus-tools');

if (!missing.length || process.env.JANUS_URL || process.env.JANUS_AUTOSTART === 'off') process.exit(0);
if (typeof process.getuid !== 'function' || process.getuid() !== 0 || !has('apt-get')) {
  console.log(`[video] ${missing.join(' and ')} not installed: video calls stay off (as root: apt-get install -y janus janus-tools, or set JANUS_URL).`);
  process.exit(0);
}
console.log(`[video] installing ${missing.join(', ')} for video calls (apt-get)…`);
const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
const install = () => spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', ...missing], { stdio: 'inherit', env }).status === 0;
if (!install()) {
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  if (!install()) console.log('[video] could not install Janus: video calls stay off; the rest of Lendline starts normally.');
}
process.exit(0);
