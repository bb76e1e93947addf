#!/usr/bin/env node
// Builds one remote (or all of them) into releases/<remote>/<version>/ without touching the shell or
// any other remote.
//   npm run release -- mf-tasks --version 1.1.0 [--activate]
//   npm run release -- --all          (what `npm run build` does: each remote at its package version, activated)
import { spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REPO, RELEASES_DIR, REMOTES, findRemote, readDoc, activate } from './remotes-doc.mjs';

const args = process.argv.slice(2);
const flag = (name) => args.includes(name);
const value = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};

function webpackRun(remote, dir, out, version, extra = []) {
  return new Promise((resolveBuild, reject) => {
    const child = spawn(process.execPath, [join(REPO, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production', ...extra], {
      cwd: dir,
      stdio: 'inherit',
      env: { ...process.env, OUTPUT_PATH: out, REMOTE_VERSION: version },
    });
    child.on('exit', (code) => (code === 0 ? resolveBuild(out) : reject(new Error(`${remote} build failed (exit ${code})`))));
  });
}

async function build(remote, version) {
  const dir = join(REPO, remote);
  const out = join(RELEASES_DIR, remote, version);
  await webpackRun(remote, dir, out, version);
  // A remote that paints a page on the server (issue 31: mf-portal's landing page) ships that render in its release,
  // so the server paints with the active release's code: release and rollback need no shell rebuild.
  if (existsSync(join(dir, 'webpack.ssr.config.js'))) await webpackRun(remote, dir, out, version, ['-c', 'webpack.ssr.config.js']);
  return out;
}

const pkgVersion = (remote) => JSON.parse(readFileSync(join(REPO, remote, 'package.json'), 'utf8')).version;

async function main() {
  if (flag('--all')) {
    const queue = [...REMOTES];
    // Two at a time: CI machines have two cores.
    const worker = async () => {
      for (let r = queue.shift(); r; r = queue.shift()) {
        const v = pkgVersion(r.remote);
        await build(r.remote, v);
        activate(r.remote, v);
        console.log(`released and activated ${r.remote} ${v}`);
      }
    };
    await Promise.all([worker(), worker()]);
    return;
  }
  const remote = args.find((a) => !a.startsWith('--') && a !== value('--version'));
  if (!remote) throw new Error('usage: npm run release -- <remote> [--version X] [--activate]');
  const r = findRemote(remote);
  const version = value('--version') ?? pkgVersion(r.remote);
  if (!/^[0-9A-Za-z.+-]+$/.test(version)) throw new Error(`invalid version "${version}"`);
  const out = await build(r.remote, version);
  console.log(`released ${r.remote} ${version} into ${out}`);
  const active = readDoc().remotes.find((x) => x.name === r.name);
  if (flag('--activate') || !active) {
    activate(r.remote, version);
    console.log(`activated ${r.remote} ${version}`);
  } else {
    console.log(`active is still ${active.version}; make this one active with: npm run activate -- ${r.remote} ${version}`);
  }
}

main().catch((e) => {
  console.error(e.message);
  process.exit(1);
});
