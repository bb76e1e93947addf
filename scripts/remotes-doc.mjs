// Reads and writes releases/remotes.json, the document GET /config/remotes serves. Writes are atomic
// (temp file + rename) because the running server reads it on every request.
import { readFileSync, writeFileSync, renameSync, mkdirSync, existsSync, readdirSync } from 'node:fs';
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const RELEASES_DIR = resolve(process.env.RELEASES_DIR ?? join(REPO, 'releases'));
export const DOC_PATH = join(RELEASES_DIR, 'remotes.json');

/** The remotes (shared/src/remotes.json, also shared's REMOTES): this plain .mjs runs before anything is built. */
export const REMOTES = JSON.parse(readFileSync(join(REPO, 'shared', 'src', 'remotes.json'), 'utf8'));

export function findRemote(remote) {
  const r = REMOTES.find((x) => x.remote === remote || x.name === remote);
  if (!r) throw new Error(`Unknown remote "${remote}". Known: ${REMOTES.map((x) => x.remote).join(', ')}`);
  return r;
}

export function readDoc() {
  if (!existsSync(DOC_PATH)) return { remotes: [], history: {}, updatedAt: new Date(0).toISOString() };
  return JSON.parse(readFileSync(DOC_PATH, 'utf8'));
}

export function writeDoc(doc) {
  mkdirSync(RELEASES_DIR, { recursive: true });
  const tmp = `${DOC_PATH}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify({ ...doc, updatedAt: new Date().toISOString() }, null, 2) + '\n');
  renameSync(tmp, DOC_PATH);
}

export function releasedVersions(remote) {
  const dir = join(RELEASES_DIR, remote);
  return existsSync(dir) ? readdirSync(dir).filter((v) => existsSync(join(dir, v, 'mf-manifest.json'))) : [];
}

/** The shell API a release was built for (its lendline-contract.json); none for releases built before it existed. */
function contractOf(remote, version) {
  try {
    const { shellApi } = JSON.parse(readFileSync(join(RELEASES_DIR, remote, version, 'lendline-contract.json'), 'utf8'));
    return Number.isInteger(shellApi) ? { contract: shellApi } : {};
  } catch {
    return {};
  }
}

/** Makes `version` the active one of `remote`; the previous active version goes onto its history. */
export function activate(remote, version, { recordHistory = true, urgent = false, kind = 'activate' } = {}) {
  const r = findRemote(remote);
  if (!releasedVersions(r.remote).includes(version)) {
    throw new Error(`${r.remote} ${version} is not released (have: ${releasedVersions(r.remote).join(', ') || 'none'})`);
  }
  const doc = readDoc();
  doc.history ??= {};
  const prev = doc.remotes.find((x) => x.name === r.name);
  if (prev && prev.version === version) {
    // The same version built again (`npm run build` rebuilds each remote at its package version): the build may
    // declare another shell API now, and the shell must judge the release by what was built, not by the first build.
    const { contract } = contractOf(r.remote, version);
    if (prev.contract !== contract) {
      if (contract === undefined) delete prev.contract;
      else prev.contract = contract;
      writeDoc(doc);
    }
    return doc;
  }
  if (prev && recordHistory) (doc.history[r.remote] ??= []).push(prev.version);
  const entry = { name: r.name, remote: r.remote, version, manifest: `/releases/${r.remote}/${version}/mf-manifest.json`, ...contractOf(r.remote, version) };
  doc.remotes = [...doc.remotes.filter((x) => x.name !== r.name), entry].sort((a, b) => REMOTES.findIndex((x) => x.name === a.name) - REMOTES.findIndex((x) => x.name === b.name));
  // In the same write as the version: the server tells running shells what changed and how (issue 32).
  doc.lastChange = { remote: r.remote, version, kind, urgent, at: new Date().toISOString() };
  writeDoc(doc);
  return doc;
}

/** Goes back to the version that was active before the current one. */
export function rollback(remote, { urgent = false } = {}) {
  const r = findRemote(remote);
  const doc = readDoc();
  const previous = doc.history?.[r.remote]?.pop();
  if (!previous) throw new Error(`${r.remote} has no earlier version to roll back to`);
  writeDoc(doc);
  return activate(r.remote, previous, { recordHistory: false, urgent, kind: 'rollback' });
}
