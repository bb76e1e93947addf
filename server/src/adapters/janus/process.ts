import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { writeJanusConfig, type JanusConfigInput } from './config';
import { JanusClient } from './client';

export interface LocalJanus {
  url: string;
  tokenSecret: string;
  adminKey: string;
  client: JanusClient;
  /** 'ok' while the child runs, 'down' once it has exited. */
  running(): boolean;
  stop(): Promise<void>;
}

/** The janus binary: JANUS_BIN, else `janus` on the PATH; null when not installed. */
export function findJanusBinary(bin = 'janus'): string | null {
  if (bin.includes('/')) return existsSync(bin) ? bin : null;
  const found = spawnSync('sh', ['-c', `command -v ${bin}`], { encoding: 'utf8' });
  return found.status === 0 ? found.stdout.trim() || null : null;
}

/**
 * util-linux's `setpriv`, when the machine has it (every Debian does). Janus is started through
 * `setpriv --pdeathsig KILL` so that the kernel kills it when the server process dies, even by SIGKILL or a crash:
 * otherwise each killed server leaves a Janus running on its ports and its data folder. Without setpriv, Janus is
 * stopped only by a clean shutdown (stop() below).
 */
function parentDeathWrapper(): string | null {
  if (process.platform !== 'linux') return null;
  return findJanusBinary('setpriv');
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

interface Log {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

/**
 * Starts a Janus child process from a configuration written into `<dataDir>/janus` (config.ts: loopback HTTP on a
 * free port, video room only, signed tokens, admin off) and waits until GET /info answers (about 0.2 s; at most
 * 10 s). Its output goes to `<dataDir>/janus/janus.log`. The secrets are new at every start: rooms do not outlive
 * the process anyway (none is permanent).
 */
export async function startLocalJanus(opts: { bin: string; dataDir: string; log: Log } & Pick<JanusConfigInput, 'iceEnforceList' | 'nat11' | 'stun'>): Promise<LocalJanus> {
  const dir = join(opts.dataDir, 'janus');
  const httpPort = await freePort();
  const tokenSecret = randomBytes(24).toString('hex');
  const adminKey = randomBytes(24).toString('hex');
  writeJanusConfig({ dir, httpPort, tokenSecret, adminKey, iceEnforceList: opts.iceEnforceList, nat11: opts.nat11, stun: opts.stun });
  const args = ['-F', dir, '-C', join(dir, 'janus.jcfg'), '-N', '-L', join(dir, 'janus.log')];
  const reaper = parentDeathWrapper();
  const child: ChildProcess = reaper ? spawn(reaper, ['--pdeathsig', 'KILL', '--', opts.bin, ...args], { stdio: 'ignore' }) : spawn(opts.bin, args, { stdio: 'ignore' });
  let exited = false;
  let stopping = false;
  child.once('exit', (code, signal) => {
    exited = true;
    if (!stopping) opts.log.warn({ code, signal }, 'janus (video gateway) exited; video calls are unavailable until the server restarts');
  });
  const url = `http://127.0.0.1:${httpPort}/janus`;
  const client = new JanusClient(url, { tokenSecret, adminKey });
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (exited) throw new Error(`janus exited at start; see ${join(dir, 'janus.log')}`);
    try {
      const info = await client.info(500);
      opts.log.info({ url, version: info.version_string }, 'janus (video gateway) started');
      break;
    } catch {
      if (Date.now() > deadline) {
        child.kill('SIGKILL');
        throw new Error(`janus did not answer within 10 s; see ${join(dir, 'janus.log')}`);
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
  return {
    url,
    tokenSecret,
    adminKey,
    client,
    running: () => !exited,
    async stop() {
      if (exited) return;
      stopping = true;
      const gone = new Promise<void>((r) => child.once('exit', () => r()));
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 3000);
      await gone;
      clearTimeout(timer);
    },
  };
}
