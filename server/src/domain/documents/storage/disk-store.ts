import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { Readable } from 'node:stream';
import { assertKey, BlobMissing, type BlobStore } from './blob-store';
import { STREAM_CHUNK_BYTES } from './staging';

/**
 * Local disk under DATA_DIR (the embedded default). Staged files live in DATA_DIR/tmp, the same filesystem, so
 * put() is a rename: atomic, the file is either absent or whole.
 */
export class DiskStore implements BlobStore {
  readonly kind = 'disk' as const;
  readonly stagingDir: string;

  constructor(private readonly root: string) {
    this.stagingDir = join(root, 'tmp');
  }

  private pathOf(key: string): string {
    assertKey(key);
    return join(this.root, key);
  }

  async put(key: string, stagedFile: string): Promise<void> {
    const target = this.pathOf(key);
    await mkdir(dirname(target), { recursive: true });
    await rename(stagedFile, target);
  }

  async get(key: string): Promise<Readable> {
    const path = this.pathOf(key);
    try {
      await stat(path);
    } catch {
      throw new BlobMissing(key);
    }
    return createReadStream(path, { highWaterMark: STREAM_CHUNK_BYTES });
  }

  async remove(key: string): Promise<void> {
    await unlink(this.pathOf(key)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
}
