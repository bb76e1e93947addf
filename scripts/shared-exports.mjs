#!/usr/bin/env node
// The versioned shared contract (issue 32; docs/ARCHITECTURE.md, "The shared contract"): @lendline/shared is a
// Module Federation singleton, so a remote runs against the SHELL's copy of it. A remote that calls a function its
// shell's copy lacks breaks at run time; the shell can only refuse such a remote if the version says so. Rule: the
// value names exported by the singleton entries ('.', './form-engine', './ui') never grow without a version bump.
//   node scripts/shared-exports.mjs            check (part of `npm run lint`): fails when the names grew or shrank
//                                               against shared/exports/<shared's version>.json, or when the shell
//                                               API was not raised with the version (shell/src/remotes/shell-api.json)
//   node scripts/shared-exports.mjs --write    record the list for a NEW version (after bumping shared/package.json)
//   node scripts/shared-exports.mjs --bump     the usual case, exports grew: shared's next minor version (package.json
//                                               and the lock), shellApi + 1 with the previous API kept in ALSO_SERVES
//                                               (shared only grew, so the new shell still serves its remotes), --write
// Only values count (a type costs nothing at run time). The names come from TypeScript's checker over the sources
// (the linter's pinned TypeScript 6: TypeScript 7 has no compiler API), so no build is needed.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const SHARED = join(REPO, 'shared');
/** The singleton entries (scripts/webpack/shared-singletons.cjs) and their sources. */
const ENTRIES = { '.': 'src/index.ts', './form-engine': 'src/form-engine/index.ts', './ui': 'src/ui/index.ts' };

const ts = createRequire(join(REPO, 'tools', 'lint', 'package.json'))('typescript');

export function exportedValues() {
  const files = Object.values(ENTRIES).map((f) => join(SHARED, f));
  const program = ts.createProgram(files, { jsx: ts.JsxEmit.ReactJSX, module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext, target: ts.ScriptTarget.ES2022, noEmit: true, skipLibCheck: true, types: [] });
  const checker = program.getTypeChecker();
  const out = {};
  for (const [entry, file] of Object.entries(ENTRIES)) {
    const source = program.getSourceFile(join(SHARED, file));
    const names = checker.getExportsOfModule(checker.getSymbolAtLocation(source)).filter((s) => {
      const target = s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;
      return target.flags & ts.SymbolFlags.Value;
    });
    out[entry] = names.map((s) => s.getName()).sort();
  }
  return out;
}

const version = JSON.parse(readFileSync(join(SHARED, 'package.json'), 'utf8')).version;
const listFile = join(SHARED, 'exports', `${version}.json`);
const shellApiFile = join(REPO, 'shell', 'src', 'remotes', 'shell-api.json');

/** Exports grew: the next minor of shared, the next shell API (still serving the previous one), the list recorded. */
function bump() {
  const pkgFile = join(SHARED, 'package.json');
  const [major, minor] = version.split('.').map(Number);
  const next = `${major}.${minor + 1}.0`;
  writeFileSync(pkgFile, readFileSync(pkgFile, 'utf8').replace(`"version": "${version}"`, `"version": "${next}"`));
  const lockFile = join(REPO, 'package-lock.json');
  const lock = readFileSync(lockFile, 'utf8');
  const entry = `"shared": {\n      "name": "@lendline/shared",\n      "version": "${version}"`;
  if (lock.includes(entry)) writeFileSync(lockFile, lock.replace(entry, entry.replace(version, next)));
  const api = JSON.parse(readFileSync(shellApiFile, 'utf8'));
  writeFileSync(shellApiFile, JSON.stringify({ ...api, shellApi: api.shellApi + 1, shared: next }).replace(/,"/g, ', "').replace(/":/g, '": ').replace('{', '{ ').replace(/}$/, ' }') + '\n');
  const compat = join(REPO, 'shell', 'src', 'remotes', 'compatibility.ts');
  writeFileSync(compat, readFileSync(compat, 'utf8').replace(/(ALSO_SERVES[^=]*=\s*\[)([^\]]*)\]/, (_, head, list) => `${head}${[...list.split(',').map((x) => x.trim()).filter(Boolean), String(api.shellApi)].join(', ')}]`));
  console.log(`@lendline/shared ${version} → ${next}, shell API ${api.shellApi} → ${api.shellApi + 1} (still serving ${api.shellApi}); recording the exports:`);
  return next;
}

function main() {
  if (process.argv.includes('--bump')) {
    const next = bump();
    execFileSync(process.execPath, [fileURLToPath(import.meta.url), '--write'], { stdio: 'inherit' });
    console.log(`done: commit shared/package.json, package-lock.json, shared/exports/${next}.json, shell/src/remotes/shell-api.json and compatibility.ts together`);
    return;
  }
  const now = exportedValues();
  if (process.argv.includes('--write')) {
    if (existsSync(listFile)) {
      const stored = JSON.parse(readFileSync(listFile, 'utf8'));
      const grew = Object.keys(ENTRIES).some((e) => now[e].some((n) => !stored[e]?.includes(n)));
      if (grew) throw new Error(`shared ${version} is already recorded with fewer exports: bump shared/package.json's version first (a minor for new names), then --write`);
    }
    mkdirSync(dirname(listFile), { recursive: true });
    writeFileSync(listFile, JSON.stringify(now, null, 1) + '\n');
    console.log(`recorded ${Object.values(now).flat().length} exported values of @lendline/shared ${version} in ${listFile.slice(REPO.length + 1)}`);
    return;
  }
  const problems = [];
  if (!existsSync(listFile)) {
    problems.push(`no export list for @lendline/shared ${version} (shared/exports/${version}.json): run node scripts/shared-exports.mjs --write`);
  } else {
    const stored = JSON.parse(readFileSync(listFile, 'utf8'));
    for (const entry of Object.keys(ENTRIES)) {
      const added = now[entry].filter((n) => !stored[entry]?.includes(n));
      const removed = (stored[entry] ?? []).filter((n) => !now[entry].includes(n));
      const where = `@lendline/shared${entry === '.' ? '' : entry.slice(1)}`;
      if (added.length) problems.push(`${where} exports ${added.join(', ')}, which ${version} does not: a remote using them would break on a shell that provides ${version}. Bump shared/package.json (minor), raise shellApi in shell/src/remotes/shell-api.json, then node scripts/shared-exports.mjs --write`);
      if (removed.length) problems.push(`${where} no longer exports ${removed.join(', ')}, which remotes built for ${version} may call: keep them, or bump shared's major version and the shell API (and drop the older API from ALSO_SERVES)`);
    }
  }
  const shellApi = JSON.parse(readFileSync(shellApiFile, 'utf8'));
  if (shellApi.shared !== version) problems.push(`shell/src/remotes/shell-api.json was raised for @lendline/shared ${shellApi.shared}, shared is ${version}: raise shellApi with the version (and set "shared": "${version}")`);
  if (problems.length) {
    console.error(`shared contract check failed:\n- ${problems.join('\n- ')}`);
    process.exit(1);
  }
  console.log(`@lendline/shared ${version}: ${Object.values(now).flat().length} exported values, as recorded; shell API ${shellApi.shellApi}`);
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    main();
  } catch (e) {
    console.error(e.message);
    process.exit(1);
  }
}
