import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findJanusBinary, startLocalJanus, type LocalJanus } from '../../src/adapters/janus/process';

/**
 * A real Janus for a test file, started the way the server starts its own (adapters/janus/process.ts). The binary
 * comes with Debian's `janus` package, which .ci/run installs; without it the caller skips, saying so.
 */
export const JANUS_BIN = findJanusBinary(process.env.JANUS_BIN ?? 'janus');
if (!JANUS_BIN) console.warn('[video tests] the janus binary is not installed (apt-get install -y janus janus-tools): the Janus tests are skipped');

export async function startTestJanus(): Promise<LocalJanus & { dataDir: string; cleanup(): Promise<void> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'lendline-janus-'));
  const quiet = { info: () => undefined, warn: () => undefined };
  const janus = await startLocalJanus({ bin: JANUS_BIN!, dataDir, log: quiet });
  return {
    ...janus,
    dataDir,
    async cleanup() {
      await janus.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
