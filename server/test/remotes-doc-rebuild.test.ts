import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/**
 * The remotes document records the shell API each active release was built for (`contract`), and the shell refuses a
 * release built for an API it does not serve. `npm run build` rebuilds every remote at its package version: when that
 * build declares another API, the document must say so, or a shell would mount a release it cannot run.
 */
const REPO = resolve(__dirname, '..', '..');
let dir: string;

function release(version: string, shellApi: number) {
  const out = join(dir, 'releases', 'mf-tasks', version);
  mkdirSync(out, { recursive: true });
  writeFileSync(join(out, 'mf-manifest.json'), '{}');
  writeFileSync(join(out, 'lendline-contract.json'), JSON.stringify({ shellApi }));
}
const activate = (version: string) =>
  execFileSync(process.execPath, ['scripts/activate.mjs', 'mf-tasks', version], {
    cwd: REPO,
    env: { ...process.env, RELEASES_DIR: join(dir, 'releases'), DATA_DIR: join(dir, 'data') },
  }).toString();
const doc = () => JSON.parse(readFileSync(join(dir, 'releases', 'remotes.json'), 'utf8'));

beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'remotes-doc-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

test('the same version built again for another shell API: the document takes the new contract, with no history entry', () => {
  release('1.0.0', 2);
  expect(activate('1.0.0')).toContain('mf-tasks is now at 1.0.0');
  expect(doc().remotes.find((r: { remote: string }) => r.remote === 'mf-tasks').contract).toBe(2);
  const before = doc();

  release('1.0.0', 3); // rebuilt in place, as `npm run build` does
  activate('1.0.0');
  const after = doc();
  expect(after.remotes.find((r: { remote: string }) => r.remote === 'mf-tasks')).toMatchObject({ version: '1.0.0', contract: 3 });
  // Not a change of version: nothing to roll back to, and running shells are not told of a release.
  expect(after.history).toEqual(before.history);
  expect(after.lastChange).toEqual(before.lastChange);
});
