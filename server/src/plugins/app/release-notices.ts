import fp from 'fastify-plugin';
import { unwatchFile, watchFile } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Socket } from 'socket.io';
import { currentTrace, formatTraceparent, newTrace } from '../../http/trace-context';

/** What a running shell is told when a remote's active version changes (event RELEASE on the notification socket). */
export interface ReleaseNotice {
  /** Container name (mf_tasks) and workspace (mf-tasks). */
  name: string;
  remote: string;
  version: string;
  previous: string | null;
  kind: 'activate' | 'rollback';
  /** `npm run rollback -- mf-tasks --urgent`: the shell asks at once instead of waiting for a navigation. */
  urgent: boolean;
}

interface DocFile {
  remotes?: { name: string; remote: string; version: string }[];
  lastChange?: { remote?: string; kind?: string; urgent?: boolean };
}

const VERSION = /^[0-9A-Za-z][0-9A-Za-z.+_-]{0,39}$/;

/**
 * The remote versions a shell said it runs (socket.io handshake `auth.remotes`: container name → version, as the
 * shell's loader registered them): bounded and shaped, or nothing.
 */
export function reportedRemotes(socket: Socket): Record<string, string> {
  const raw = (socket.handshake.auth as Record<string, unknown> | undefined)?.remotes;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return {};
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries(raw).slice(0, 10)) if (/^mf_[a-z]{1,20}$/.test(k) && typeof v === 'string' && (VERSION.test(v) || v === 'override')) out[k] = v;
  return out;
}

/** The connected shells of this process and the versions each runs, for the release scripts (GET /ops/shells). */
export function connectedShells(sockets: Iterable<Socket>): { user: string; connectedAt: string; remotes: Record<string, string> }[] {
  return [...sockets].map((s) => ({ user: (s.data.user as { userName: string }).userName, connectedAt: new Date(s.handshake.issued).toISOString(), remotes: reportedRemotes(s) }));
}

/**
 * Running shells told live (issue 32). releases/remotes.json is what `npm run activate` / `rollback` change (a rename,
 * so it is polled by stat rather than watched by inode); when a remote's active version changes, every socket THIS
 * process holds gets RELEASE {name, remote, version, previous, kind, urgent} (io.local: with several processes each
 * watches the shared releases directory and tells its own sockets, so no shell hears it twice). The push carries a
 * fresh trace as its second argument like the other pushes.
 */
export default fp<{ releasesDir: string; pollMs?: number }>(
  async (app, opts) => {
    const file = join(opts.releasesDir, 'remotes.json');
    const read = async (): Promise<DocFile | null> => {
      try {
        return JSON.parse(await readFile(file, 'utf8')) as DocFile;
      } catch {
        return null; // absent, or caught mid-write by a writer that does not rename: the next change re-reads
      }
    };
    let lastDoc = await read();
    let known = new Map(((lastDoc?.remotes) ?? []).map((r) => [r.name, r.version]));
    const noticeOf = (doc: DocFile, r: { name: string; remote: string; version: string }, previous: string | null): ReleaseNotice => {
      const mine = doc.lastChange?.remote === r.remote;
      return { name: r.name, remote: r.remote, version: r.version, previous, kind: mine && doc.lastChange?.kind === 'rollback' ? 'rollback' : 'activate', urgent: mine && doc.lastChange?.urgent === true };
    };
    const meta = () => ({ traceparent: formatTraceparent(currentTrace() ?? newTrace()) });
    let checking = Promise.resolve();
    const check = () => {
      checking = checking.then(async () => {
        const doc = await read();
        if (!doc?.remotes) return;
        const now = new Map(doc.remotes.map((r) => [r.name, r.version]));
        for (const r of doc.remotes) {
          const previous = known.get(r.name) ?? null;
          if (previous === r.version) continue;
          const notice = noticeOf(doc, r, previous);
          app.log.info({ release: notice, sockets: app.io.of('/').sockets.size }, 'remote release changed: telling connected shells');
          app.io.local.emit('RELEASE', notice, meta());
        }
        known = now;
        lastDoc = doc;
      });
    };
    watchFile(file, { interval: opts.pollMs ?? 1000, persistent: false }, check);
    // A shell that was not connected when the change was pushed (reloading, on a train) is told when it connects:
    // each remote it reports running at a version that is no longer active gets the RELEASE it missed.
    app.io.on('connection', (socket) => {
      const running = reportedRemotes(socket);
      for (const r of lastDoc?.remotes ?? []) {
        const has = running[r.name];
        if (has && has !== 'override' && has !== r.version) socket.emit('RELEASE', noticeOf(lastDoc!, r, has), meta());
      }
    });
    app.addHook('preClose', async () => {
      unwatchFile(file, check);
      await checking;
    });
  },
  { name: 'release-notices', dependencies: ['realtime'] },
);
