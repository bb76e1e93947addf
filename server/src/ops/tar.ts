import { open } from 'node:fs/promises';

/**
 * The smallest tar (POSIX ustar) the backup needs: regular files only, names up to 255 bytes (prefix + name), sizes
 * up to 8 GiB. An archive can be listed and unpacked with any tar (`tar tf`), so an operator is never locked into
 * this code to get at a backup.
 */
const BLOCK = 512;

function octal(n: number, width: number): string {
  return n.toString(8).padStart(width - 1, '0') + '\0';
}

function splitName(path: string): { name: string; prefix: string } {
  if (Buffer.byteLength(path) <= 100) return { name: path, prefix: '' };
  const cut = path.lastIndexOf('/', path.length - 1);
  const prefix = path.slice(0, cut);
  const name = path.slice(cut + 1);
  if (cut < 0 || Buffer.byteLength(prefix) > 155 || Buffer.byteLength(name) > 100) throw new Error(`tar: path too long: ${path}`);
  return { name, prefix };
}

/** The 512-byte header of a regular file. */
export function tarHeader(path: string, size: number, mode = 0o600, mtime = Date.now()): Buffer {
  const h = Buffer.alloc(BLOCK);
  const { name, prefix } = splitName(path);
  h.write(name, 0, 100, 'utf8');
  h.write(octal(mode, 8), 100, 8, 'ascii');
  h.write(octal(0, 8), 108, 8, 'ascii'); // uid
  h.write(octal(0, 8), 116, 8, 'ascii'); // gid
  h.write(octal(size, 12), 124, 12, 'ascii');
  h.write(octal(Math.floor(mtime / 1000), 12), 136, 12, 'ascii');
  h.write('        ', 148, 8, 'ascii'); // checksum placeholder: spaces while summing
  h.write('0', 156, 1, 'ascii'); // regular file
  h.write('ustar\0', 257, 6, 'ascii');
  h.write('00', 263, 2, 'ascii');
  h.write(prefix, 345, 155, 'utf8');
  let sum = 0;
  for (const b of h) sum += b;
  h.write(octal(sum, 7) + ' ', 148, 8, 'ascii');
  return h;
}

/** Zero bytes that pad a body of `size` to a whole block. */
export const tarPadding = (size: number): Buffer => Buffer.alloc((BLOCK - (size % BLOCK)) % BLOCK);

/** Two zero blocks: the end of the archive. */
export const tarEnd = (): Buffer => Buffer.alloc(BLOCK * 2);

/** One file: header, bytes, padding. */
export function* tarFile(path: string, data: Buffer, mode = 0o600): Generator<Buffer> {
  yield tarHeader(path, data.length, mode);
  yield data;
  yield tarPadding(data.length);
}

export interface TarEntry {
  path: string;
  size: number;
  mode: number;
  /** Reads the body (once; before the next entry is asked for). */
  read(): Promise<Buffer>;
}

/**
 * Reads an archive file entry by entry, bodies on demand (a big document is read when asked, not all at once).
 * Refuses what this writer never writes: links, devices, absolute paths or `..` (a crafted archive must not write
 * outside the target directory), and a header whose checksum is wrong.
 */
export async function* readTar(file: string): AsyncGenerator<TarEntry> {
  const fh = await open(file, 'r');
  try {
    let pos = 0;
    const header = Buffer.alloc(BLOCK);
    for (;;) {
      const { bytesRead } = await fh.read(header, 0, BLOCK, pos);
      if (bytesRead < BLOCK) throw new Error('tar: archive ends in the middle of a header (cut short?)');
      if (header.every((b) => b === 0)) return;
      const field = (at: number, len: number) => header.subarray(at, at + len).toString('utf8').replace(/\0.*$/s, '');
      const stored = parseInt(field(148, 8).trim(), 8);
      let sum = 0;
      for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : header[i];
      if (stored !== sum) throw new Error('tar: bad header checksum (not a backup archive, or damaged)');
      const type = field(156, 1) || '0';
      const prefix = field(345, 155);
      const path = (prefix ? prefix + '/' : '') + field(0, 100);
      const size = parseInt(field(124, 12).trim() || '0', 8);
      const mode = parseInt(field(100, 8).trim() || '600', 8);
      if (type !== '0') throw new Error(`tar: ${path} is not a regular file`);
      if (path.startsWith('/') || path.split('/').some((p) => p === '..' || p === '')) throw new Error(`tar: unsafe path ${JSON.stringify(path)}`);
      const bodyAt = pos + BLOCK;
      yield {
        path,
        size,
        mode,
        read: async () => {
          const body = Buffer.alloc(size);
          const { bytesRead: got } = await fh.read(body, 0, size, bodyAt);
          if (got < size) throw new Error(`tar: ${path} is cut short`);
          return body;
        },
      };
      pos = bodyAt + size + ((BLOCK - (size % BLOCK)) % BLOCK);
    }
  } finally {
    await fh.close();
  }
}
