import { join } from 'node:path';
import type { BlobStore } from './blob-store';
import { DiskStore } from './disk-store';
import { S3Store } from './s3-store';
import type { S3Settings } from './settings';

export type { BlobStore } from './blob-store';
export { BlobMissing } from './blob-store';

/** The store the settings name: S3 when S3_BUCKET is set, else the disk under DATA_DIR (staging is local either way). */
export function createBlobStore(dataDir: string, s3?: S3Settings): BlobStore {
  return s3 ? new S3Store(s3, join(dataDir, 'tmp')) : new DiskStore(dataDir);
}
