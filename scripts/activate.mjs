#!/usr/bin/env node
// Makes a released version of one remote active, or rolls it back, by changing the remotes document
// only: no rebuild, no restart. The running server tells every connected shell at once (RELEASE on the
// notification socket): a banner offers Reload, and the shell reloads by itself on the next navigation;
// --urgent (a rollback for a bug) makes shells ask at once with a dialog. Then it prints which shells are
// connected on which versions.
//   npm run activate -- mf-tasks 1.1.0
//   npm run rollback -- mf-tasks [--urgent]
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { activate, rollback, readDoc, REPO } from './remotes-doc.mjs';

const flags = new Set(process.argv.slice(2).filter((a) => a.startsWith('--')));
const args = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const urgent = flags.has('--urgent');

/** The running server's view of connected shells (GET /ops/shells with DATA_DIR/ops.token), or why not. */
async function printShells(remoteName) {
  const dataDir = resolve(process.env.DATA_DIR ?? join(REPO, 'data'));
  const host = ['0.0.0.0', '::', '', undefined].includes(process.env.HOST) ? '127.0.0.1' : process.env.HOST;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${process.env.PORT ?? 8080}/ops/shells`;
  let token;
  try {
    token = readFileSync(join(dataDir, 'ops.token'), 'utf8').trim();
  } catch {
    return console.log(`(no running server found for ${dataDir}: no shell to tell)`);
  }
  // The server notices the change within a second; ask after that, so the list shows who was told.
  await new Promise((r) => setTimeout(r, 1500));
  try {
    const res = await fetch(url, { headers: { authorization: `Bearer ${token}` }, signal: AbortSignal.timeout(3000) });
    if (!res.ok) return console.log(`(the server at ${url} answered ${res.status}: run this with its DATA_DIR, HOST and PORT to see connected shells)`);
    const { shells } = await res.json();
    if (!shells.length) return console.log('no shell is connected to the notification socket right now');
    const byVersion = new Map();
    for (const s of shells) {
      const v = s.remotes[remoteName] ?? 'unknown';
      byVersion.set(v, [...(byVersion.get(v) ?? []), s.user]);
    }
    console.log(`${shells.length} shell(s) connected and told; they run ${remoteName}:`);
    for (const [v, users] of byVersion) console.log(`  ${v}: ${users.length} (${[...new Set(users)].slice(0, 10).join(', ')}${users.length > 10 ? ', …' : ''})`);
  } catch (e) {
    console.log(`(no server answering at ${url}: ${e.message})`);
  }
}

try {
  const doc = flags.has('--rollback') ? rollback(args[0], { urgent }) : activate(args[0], args[1], { urgent });
  const now = doc.remotes.find((r) => r.remote === args[0] || r.name === args[0]) ?? readDoc().remotes.find((r) => r.remote === args[0]);
  console.log(`${now.remote} is now at ${now.version}${urgent ? ' (urgent: shells are asked to reload at once)' : ''}`);
  await printShells(now.name);
} catch (e) {
  console.error(e.message);
  process.exit(1);
}
