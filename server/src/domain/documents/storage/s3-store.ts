import { createReadStream } from 'node:fs';
import { unlink } from 'node:fs/promises';
import type { Readable } from 'node:stream';
import type { S3Client } from '@aws-sdk/client-s3';
import { assertKey, BlobMissing, type BlobStore } from './blob-store';
import type { S3Settings } from './settings';
import { STREAM_CHUNK_BYTES } from './staging';

/**
 * Any S3-compatible object store (AWS S3, MinIO, Ceph, …) when S3_BUCKET is set: one store every API process shares.
 * A PUT is atomic in S3 (an object is visible whole or not at all), so put() uploads the staged file in one request
 * with its length, then drops the staged copy. Path-style addressing when an endpoint is given (what self-hosted
 * stores expect).
 */
// Loaded with the first S3 store (S3_BUCKET set), not at start: the SDK is ~0.4 s of CPU at every start of a server
// (and of every server test file) that keeps documents on disk.
const sdk = () => require('@aws-sdk/client-s3') as typeof import('@aws-sdk/client-s3');

export class S3Store implements BlobStore {
  readonly kind = 's3' as const;
  private readonly client: S3Client;

  constructor(
    private readonly settings: S3Settings,
    readonly stagingDir: string,
  ) {
    this.client = new (sdk().S3Client)({
      region: settings.region,
      endpoint: settings.endpoint,
      forcePathStyle: Boolean(settings.endpoint),
      credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
      // Checksums only where S3 requires them: the SDK's default (CRC32 trailers in aws-chunked bodies) is not spoken
      // by every S3-compatible store; integrity is ours anyway (SHA-256 kept with the row, checked on every read).
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
    });
  }

  private keyOf(key: string): string {
    assertKey(key);
    return this.settings.prefix ? `${this.settings.prefix}${key}` : key;
  }

  async put(key: string, stagedFile: string, size: number): Promise<void> {
    const Key = this.keyOf(key);
    try {
      await this.client.send(new (sdk().PutObjectCommand)({ Bucket: this.settings.bucket, Key, Body: createReadStream(stagedFile, { highWaterMark: STREAM_CHUNK_BYTES }), ContentLength: size }));
    } finally {
      await unlink(stagedFile).catch(() => undefined);
    }
  }

  async get(key: string): Promise<Readable> {
    try {
      const out = await this.client.send(new (sdk().GetObjectCommand)({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
      return out.Body as Readable;
    } catch (e) {
      if (e instanceof sdk().NoSuchKey || (e as { name?: string }).name === 'NoSuchKey' || (e as { $metadata?: { httpStatusCode?: number } }).$metadata?.httpStatusCode === 404) {
        throw new BlobMissing(key);
      }
      throw e;
    }
  }

  async remove(key: string): Promise<void> {
    await this.client.send(new (sdk().DeleteObjectCommand)({ Bucket: this.settings.bucket, Key: this.keyOf(key) }));
  }

  destroy(): void {
    this.client.destroy();
  }
}
