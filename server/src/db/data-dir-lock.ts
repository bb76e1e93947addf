import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { StartupError } from '../startup-error';

/**
 * One process per embedded data directory. PGlite has no postmaster: two servers on one DATA_DIR would each believe
 * they own the database files and overwrite each other's writes (acknowledged writes were lost that way). So the
 * process that opens the embedded database first writes DATA_DIR/server.pid (created exclusively, like PostgreSQL's
 * postmaster.pid) and a second one refuses to start, naming the directory and the holder's PID.
 *
 * The file holds the PID and, where the OS tells it cheaply (Linux /proc), the boot id and the process's start time:
 * a file left by a process that was killed (kill -9, a crash, a power cut) is stale when that PID is no longer
 * alive, or is alive but is another process that reused the number (different start time or a reboot since). A
 * stale file is taken over. Deleted on a clean close and at exit.
 *
 * Limits (README): PIDs are per PID namespace, so two containers sharing one volume cannot see each other's
 * process; run several processes with DATABASE_URL instead.
 */
export const LOCK_FILE = 'server.pid';

interface Holder {
  pid: number;
  /** Linux: /proc/sys/kernel/random/boot_id and field 22 of /proc/<pid>/stat (start time in ticks since boot). */
  boot?: string;
  start?: string;
}

const held = new Set<string>();

/** Whether this process holds `dir`'s lock (no other process can be writing files there). */
export const holdsDataDir = (dir: string): boolean => held.has(dir);

function readProc(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

function identity(pid: number): Omit<Holder, 'pid'> {
  const stat = readProc(`/proc/${pid}/stat`);
  // The command name (field 2) is in parentheses and may hold spaces: count fields after its closing parenthesis.
  const start = stat?.slice(stat.lastIndexOf(')') + 2).split(' ')[19];
  const boot = readProc('/proc/sys/kernel/random/boot_id')?.trim();
  return start && boot ? { boot, start } : {};
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by another user
  }
}

function parse(text: string): Holder | undefined {
  const [pid, boot, start] = text.split('\n').map((s) => s.trim());
  return /^\d+$/.test(pid ?? '') ? { pid: Number(pid), boot: boot || undefined, start: start || undefined } : undefined;
}

const format = (h: Holder) => `${h.pid}\n${h.boot ?? ''}\n${h.start ?? ''}\n`;

/** Whether the process that wrote `h` is still running (the same process, not one that reused its PID). */
function holderRunning(h: Holder, dir: string): boolean {
  if (h.pid === process.pid) return held.has(dir); // our PID in a file we did not write: a previous container's PID 1
  if (!alive(h.pid)) return false;
  if (!h.boot || !h.start) return true; // no start time to compare: the live PID is taken to be the holder
  const now = identity(h.pid);
  return !now.boot || (now.boot === h.boot && now.start === h.start);
}

/**
 * Takes DATA_DIR's lock for this process or throws a StartupError naming the directory and the holding PID.
 * Returns the release (idempotent; also run at process exit).
 */
export function lockDataDir(dir: string): () => void {
  const path = join(dir, LOCK_FILE);
  if (held.has(dir)) throw new StartupError(`The data directory ${dir} is already open in this process (PID ${process.pid}): open it once`);
  const mine = format({ pid: process.pid, ...identity(process.pid) });
  for (let attempt = 0; attempt < 20; attempt++) {
    try {
      writeFileSync(path, mine, { flag: 'wx', mode: 0o644 });
      held.add(dir);
      const release = () => {
        if (!held.delete(dir)) return;
        process.removeListener('exit', release);
        try {
          if (readFileSync(path, 'utf8') === mine) unlinkSync(path);
        } catch {
          /* already gone */
        }
      };
      process.on('exit', release);
      return release;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw new StartupError(`Cannot create the lock file ${path} (${(e as Error).message}): check that the data directory is writable by this user`);
    }
    let text: string;
    try {
      text = readFileSync(path, 'utf8');
    } catch {
      continue; // removed meanwhile: try again
    }
    const holder = parse(text);
    if (!holder && !text) {
      // Another process created it a moment ago and has not written its PID yet.
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 25);
      if (readProcSafe(path) === '') takeOver(path, text);
      continue;
    }
    if (holder && holderRunning(holder, dir)) {
      throw new StartupError(
        `The data directory ${dir} is in use by another Lendline process (PID ${holder.pid}, lock file ${path}): stop that process first, or use DATABASE_URL to run several processes`,
      );
    }
    takeOver(path, text);
  }
  throw new StartupError(`Cannot take the lock file ${path}: other processes keep replacing it; start one server per data directory`);
}

function readProcSafe(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * Moves a stale lock file aside (rename is atomic: of two processes taking it over, one moves the stale file). If
 * what was moved is not the stale file seen (another process took it over in between and this moved ITS live
 * lock), it is put back (link: only if nothing is there yet) so that process keeps it; the caller then tries again.
 */
function takeOver(path: string, staleText: string): void {
  const aside = `${path}.${process.pid}.stale`;
  try {
    renameSync(path, aside);
  } catch {
    return; // gone already
  }
  try {
    if (readFileSync(aside, 'utf8') !== staleText) linkSync(aside, path);
  } catch {
    /* another lock is there now: the next attempt reads it */
  }
  try {
    unlinkSync(aside);
  } catch {
    /* nothing to clean */
  }
}
