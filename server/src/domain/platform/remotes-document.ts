import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { RemotesDocument } from '@lendline/shared/contract';

/**
 * The active version of each remote, from releases/remotes.json, read on every call so activating or rolling back a
 * release needs no restart. null while nothing is released (or the file is unreadable).
 */
export async function readRemotesDocument(releasesDir: string): Promise<RemotesDocument | null> {
  try {
    const doc = JSON.parse(await readFile(join(releasesDir, 'remotes.json'), 'utf8')) as RemotesDocument;
    return { remotes: doc.remotes, updatedAt: doc.updatedAt };
  } catch {
    return null;
  }
}
