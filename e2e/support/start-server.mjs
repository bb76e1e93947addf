// Starts the production server for the journeys: the built shell, a private copy of releases/ (so a
// release made by a test never touches the developer's), a fresh embedded database.
import { cpSync, rmSync, mkdirSync, existsSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, '..', '..');
const tmp = join(here, '..', '.tmp', String(process.env.PORT ?? 8181));
rmSync(tmp, { recursive: true, force: true });
mkdirSync(tmp, { recursive: true });
if (!existsSync(join(repo, 'releases', 'remotes.json')) || !existsSync(join(repo, 'shell', 'dist', 'index.html'))) {
  console.error('Build first: npm run build');
  process.exit(1);
}
cpSync(join(repo, 'releases'), join(tmp, 'releases'), { recursive: true });
process.env.RELEASES_DIR = join(tmp, 'releases');
process.env.DATA_DIR = join(tmp, 'data');
process.env.LOG_LEVEL ??= 'warn';
// The journeys run on loopback, where Janus cannot carry media: only the video journey (its own config) starts one.
process.env.JANUS_AUTOSTART ??= 'off';
// Journeys call the API with the tokens their page signed in with (support/portal-flow.ts staffSession); a refresh
// by activity (issue 26, once a minute by default) would retire those after 30 s. session-keepalive.spec.ts sets its
// own interval through the session timings.
process.env.SESSION_ACTIVITY_REFRESH_SECONDS ??= '600';
await import(join(repo, 'server', 'dist', 'index.js'));
