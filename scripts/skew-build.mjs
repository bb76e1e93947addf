#!/usr/bin/env node
// Version skew (issue 32): builds the PREVIOUS release of mf-tasks and of the shell from git, so the journeys
// (e2e/tests/version-skew.spec.ts) can run the current shell with the previous mf-tasks and the previous shell
// with the current remotes.
//   node scripts/skew-build.mjs                  build both once into e2e/.skew/<sha>/ (skipped when cached)
//   node scripts/skew-build.mjs --release        also put that mf-tasks release into RELEASES_DIR (the running
//                                                server's release store); make it active with scripts/activate.mjs
//   node scripts/skew-build.mjs --print          print where the cached build is (JSON), building it if needed
//   --ref <git ref> or SKEW_PREVIOUS_REF         another previous release than the default below
//
// Which release is "previous": main just before the shell's API to remotes last changed, i.e. the first parent of
// the newest first-parent commit that touched shell/src/remotes/shell-api.json. That is the last release a remote
// team built against the previous contract, the one most likely to still be active somewhere when the shell
// moves on; when shellApi is raised it becomes a release the new shell must refuse (the journeys then expect the
// refusal). Today that is the main commit before the merge that declared API 1 (3724d42), which has no
// lendline-contract.json at all (the "older releases are API 1" path) and no release notices.
//
// No network and no npm install: the ref's sources come out of `git archive` into a temp folder whose
// node_modules links every installed package of this checkout, except @lendline/shared, which points at the ref's
// own shared/ (remotes and the shell compile it from source). mf-tasks is built by the ref's own
// scripts/release.mjs (its release mechanism at that release) into a release store of the cache; the shell by the
// ref's webpack config into the cache's shell/ (the server serves it with SHELL_DIR, as it serves shell/dist).
import { spawn, execFileSync } from 'node:child_process';
import { cpSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, readlinkSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const CACHE_ROOT = join(REPO, 'e2e', '.skew');
const SHELL_API_FILE = 'shell/src/remotes/shell-api.json';
// What a shell and an mf-tasks build read from the tree (package.json for the version).
const PATHS = ['package.json', 'tsconfig.base.json', 'scripts', 'shared', 'shell', 'mf-tasks'];

const args = process.argv.slice(2);
const value = (name) => {
  const i = args.indexOf(name);
  return i === -1 ? undefined : args[i + 1];
};
const git = (...a) => execFileSync('git', a, { cwd: REPO, encoding: 'utf8' }).trim();

/** The previous release's commit (see the header), or the one asked for. */
export function previousRef() {
  const asked = value('--ref') ?? process.env.SKEW_PREVIOUS_REF;
  if (asked) return { sha: git('rev-parse', '--verify', `${asked}^{commit}`), why: `asked for: ${asked}` };
  if (git('rev-parse', '--is-shallow-repository') === 'true') {
    throw new Error('This clone is shallow: the previous release is not in it. Fetch the history (git fetch --unshallow, or fetch-depth: 0 in CI), or set SKEW_PREVIOUS_REF.');
  }
  const change = git('log', '-1', '--first-parent', '--format=%H', 'HEAD', '--', SHELL_API_FILE);
  if (!change) throw new Error(`no commit touches ${SHELL_API_FILE}: set SKEW_PREVIOUS_REF`);
  return { sha: git('rev-parse', `${change}^1`), why: `main before ${change.slice(0, 7)} changed the shell API (${SHELL_API_FILE})` };
}

/** node_modules for the extracted tree: a link to each installed package; the workspace links stay relative. */
function linkNodeModules(from, to) {
  mkdirSync(to, { recursive: true });
  for (const name of readdirSync(from)) {
    const src = join(from, name);
    const dst = join(to, name);
    const st = lstatSync(src);
    if (st.isSymbolicLink()) {
      // Relative links are the workspaces (mf-tasks -> ../mf-tasks, @lendline/shared -> ../../shared): inside the
      // extracted tree they name the ref's own folders.
      symlinkSync(readlinkSync(src), dst);
    } else if (st.isDirectory() && name.startsWith('@')) {
      linkNodeModules(src, dst); // a scope: link its packages one by one (@lendline/shared is a workspace link)
    } else {
      symlinkSync(src, dst);
    }
  }
}

/** The older shell APIs a shell still serves (ALSO_SERVES in its remotes/compatibility.ts); none before the check existed. */
export function alsoServes(file) {
  const list = existsSync(file) ? /ALSO_SERVES[^=]*=\s*\[([^\]]*)\]/.exec(readFileSync(file, 'utf8'))?.[1] ?? '' : '';
  return list.split(',').map((x) => x.trim()).filter(Boolean).map(Number).filter(Number.isInteger);
}

function run(cmd, cmdArgs, opts) {
  return new Promise((ok, fail) => {
    const child = spawn(cmd, cmdArgs, { stdio: 'inherit', ...opts });
    child.on('exit', (code) => (code === 0 ? ok() : fail(new Error(`${cmdArgs.join(' ')} in ${opts.cwd} failed (exit ${code})`))));
  });
}

/** Builds the previous mf-tasks and shell into e2e/.skew/<sha>/ unless already there; returns what was built. */
export async function buildPrevious() {
  const { sha, why } = previousRef();
  const short = sha.slice(0, 7);
  const cache = join(CACHE_ROOT, short);
  const infoFile = join(cache, 'previous.json');
  if (existsSync(infoFile)) {
    const info = JSON.parse(readFileSync(infoFile, 'utf8'));
    if (info.sha === sha) return { ...info, cached: true };
  }
  const t0 = Date.now();
  rmSync(cache, { recursive: true, force: true });
  const tree = mkdtempSync(join(tmpdir(), `lendline-skew-${short}-`));
  try {
    const present = PATHS.filter((p) => git('ls-tree', '--name-only', sha, p));
    execFileSync('bash', ['-c', `git archive --format=tar "$0" "$@" | tar -x -C "${tree}"`, sha, ...present], { cwd: REPO, stdio: 'inherit' });
    linkNodeModules(join(REPO, 'node_modules'), join(tree, 'node_modules'));
    const tasksVersion = `${JSON.parse(readFileSync(join(tree, 'mf-tasks', 'package.json'), 'utf8')).version}-${short}`;
    const releases = join(cache, 'releases');
    const shellOut = join(cache, 'shell');
    const env = { ...process.env, NODE_ENV: 'production' };
    delete env.OUTPUT_PATH;
    delete env.REMOTE_VERSION;
    // Two at a time, as release --all does: CI machines have two cores.
    await Promise.all([
      run(process.execPath, [join(tree, 'scripts', 'release.mjs'), 'mf-tasks', '--version', tasksVersion], { cwd: tree, env: { ...env, RELEASES_DIR: releases } }),
      run(process.execPath, [join(tree, 'node_modules', 'webpack', 'bin', 'webpack.js'), '--mode', 'production'], { cwd: join(tree, 'shell'), env: { ...env, OUTPUT_PATH: shellOut } }),
    ]);
    const info = {
      sha,
      why,
      subject: git('show', '-s', '--format=%s', sha).slice(0, 120),
      tasksVersion,
      tasksRelease: join(releases, 'mf-tasks', tasksVersion),
      // Absent for releases built before the declaration: they were built for shell API 1.
      tasksContract: existsSync(join(releases, 'mf-tasks', tasksVersion, 'lendline-contract.json'))
        ? JSON.parse(readFileSync(join(releases, 'mf-tasks', tasksVersion, 'lendline-contract.json'), 'utf8')).shellApi
        : null,
      shellDir: shellOut,
      shellApi: existsSync(join(tree, SHELL_API_FILE)) ? JSON.parse(readFileSync(join(tree, SHELL_API_FILE), 'utf8')).shellApi : null,
      shellAlsoServes: alsoServes(join(tree, 'shell', 'src', 'remotes', 'compatibility.ts')),
      buildSeconds: Math.round((Date.now() - t0) / 1000),
    };
    // Written last: a build cut off half-way is not taken for a cached one.
    writeFileSync(infoFile, JSON.stringify(info, null, 2) + '\n');
    return { ...info, cached: false };
  } finally {
    rmSync(tree, { recursive: true, force: true });
  }
}

/** Puts the previous mf-tasks release into the release store the running server reads (RELEASES_DIR). */
function releaseInto(info) {
  const store = resolve(process.env.RELEASES_DIR ?? join(REPO, 'releases'));
  const dst = join(store, 'mf-tasks', info.tasksVersion);
  if (!existsSync(join(dst, 'mf-manifest.json'))) cpSync(info.tasksRelease, dst, { recursive: true });
  return dst;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    const info = await buildPrevious();
    if (args.includes('--print')) {
      // With this checkout's shell API beside it, so the journeys need not parse the shell's sources themselves.
      const current = JSON.parse(readFileSync(join(REPO, SHELL_API_FILE), 'utf8')).shellApi;
      console.log(JSON.stringify({ ...info, current: { shellApi: current, shellAlsoServes: alsoServes(join(REPO, 'shell', 'src', 'remotes', 'compatibility.ts')) } }));
    } else {
      console.log(`previous release ${info.sha.slice(0, 7)} (${info.why}): "${info.subject}"`);
      console.log(info.cached ? `  cached in ${dirname(info.shellDir)}` : `  built in ${info.buildSeconds}s into ${dirname(info.shellDir)}`);
      console.log(`  mf-tasks ${info.tasksVersion} (shell API ${info.tasksContract ?? '1, undeclared'}); shell for API ${info.shellApi ?? '1, undeclared'}`);
    }
    if (args.includes('--release')) {
      const dst = releaseInto(info);
      if (!args.includes('--print')) console.log(`released mf-tasks ${info.tasksVersion} into ${dst}; make it active with: npm run activate -- mf-tasks ${info.tasksVersion}`);
    }
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
