import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { firstLine, StartupError } from '../startup-error';

/**
 * The PostgreSQL major version this PGlite writes into PG_VERSION (@electric-sql/pglite 0.5: PostgreSQL 18; the
 * start-up test creates a directory and checks it, so an upgrade that changes it is noticed).
 */
export const PGLITE_PG_MAJOR = '18';

/** CRC-32C (Castagnoli), the checksum PostgreSQL keeps at the end of pg_control's data. */
const CRC32C_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0x82f63b78 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

/**
 * Whether pg_control carries a valid checksum: its data is followed by the CRC-32C of the bytes before it. The data's
 * length depends on the PostgreSQL version, so every prefix of the first kilobyte is tried (a chance match in a damaged
 * file is about one in four million).
 */
export function pgControlIntact(bytes: Buffer): boolean {
  let crc = 0xffffffff;
  for (let i = 0; i + 4 <= bytes.length && i < 1024; i++) {
    if (i >= 16 && ((crc ^ 0xffffffff) >>> 0) === bytes.readUInt32LE(i)) return true;
    crc = CRC32C_TABLE[(crc ^ bytes[i]) & 0xff] ^ (crc >>> 8);
  }
  return false;
}

/**
 * Checks the embedded database's identifying files before PGlite opens the directory: PGlite reports any damage as
 * "failed to initialize properly" without naming a file. A directory without PG_VERSION is new (PGlite creates it).
 */
export function checkPgliteFiles(dir: string): void {
  const versionFile = join(dir, 'PG_VERSION');
  if (!existsSync(versionFile)) return;
  const restore = `restore the data directory ${dir} from a backup (or move it away to start with an empty database)`;
  let version: string;
  try {
    version = readFileSync(versionFile, 'utf8').trim();
  } catch (e) {
    throw new StartupError(`The embedded database's ${versionFile} cannot be read (${firstLine(e)}): check its permissions, or ${restore}`);
  }
  if (!/^\d+$/.test(version)) throw new StartupError(`The embedded database's ${versionFile} is damaged (it does not hold a PostgreSQL version): ${restore}`);
  if (version !== PGLITE_PG_MAJOR) {
    throw new StartupError(`The embedded database's ${versionFile} says PostgreSQL ${version}, this server embeds PostgreSQL ${PGLITE_PG_MAJOR}: use a data directory made by this version (dump and restore to move data across versions)`);
  }
  const controlFile = join(dir, 'global', 'pg_control');
  let control: Buffer;
  try {
    control = readFileSync(controlFile);
  } catch (e) {
    throw new StartupError(`The embedded database's ${controlFile} cannot be read (${firstLine(e)}): ${restore}`);
  }
  if (!pgControlIntact(control)) throw new StartupError(`The embedded database's ${controlFile} is damaged (its checksum does not match): ${restore}`);
}
