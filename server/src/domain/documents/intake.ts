import type { Readable } from 'node:stream';
import { ALLOWED_FILE_KINDS, FILE_REJECTION_MESSAGES, MAX_FILE_SIZE_BYTES, fileKindOf } from '@lendline/shared/contract';
import type { FileKind } from '@lendline/shared/contract';
import { refused } from '../errors';
import { sniff, type Sniffed } from '../portal/file-sniff';
import type { BlobStore } from './storage';
import { discard, readWhole, stage, stageBuffer, TooLarge, type Staged } from './storage/staging';

/** Why a file's bytes are refused (§8 1101 reasons, one per verdict; the label is the file's name). */
export const CONTENT_REJECTIONS = {
  program: (what: string) => `The file's content is ${what}, which cannot be uploaded`,
  markup: (what: string) => `The file's content is ${what}, which cannot be uploaded`,
  unknown: () => "The file's content is not an allowed type",
  notForField: (what: string) => `The file's content is ${what}, which this field does not accept`,
} as const;

/** A file that passed the checks, staged and ready for store.put(). */
export interface Accepted {
  staged: Staged;
  name: string;
  /** The MIME type found in the bytes: what the file is served as, whatever the client declared. */
  mime: string;
  kind: FileKind;
}

/**
 * A file name as stored and shown: the last path segment only (a client's "C:\\x\\a.pdf" or "../../a.pdf" is "a.pdf"),
 * no control characters, at most 200 characters. Refused when nothing is left.
 */
export function safeFileName(raw: string): string {
  const base = raw.split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f]/g, '').trim().slice(0, 200);
  if (!clean || clean === '.' || clean === '..') throw refused('file_name', 'must be a file name');
  return clean;
}

/**
 * The §5 checks on an upload, decided by its bytes: streamed to a staging file (never held whole in memory) with
 * its SHA-256 and size; over 10485760 bytes it is refused; then its magic numbers say what it is (file-sniff.ts) —
 * programs and markup are refused by name, unknown content is refused, and the kind must be one the caller allows.
 * A refused file leaves nothing behind. ZIP and OLE containers are told apart by their directory, so those (and
 * only those) are read whole, bounded by the 10 MB limit.
 */
export async function acceptUpload(
  store: BlobStore,
  input: { source: Readable | Buffer; name: string; declaredMime?: string; allowed?: readonly FileKind[] },
): Promise<Accepted> {
  const name = safeFileName(input.name);
  let staged: Staged;
  try {
    staged = Buffer.isBuffer(input.source)
      ? await stageBuffer(input.source, store.stagingDir, MAX_FILE_SIZE_BYTES)
      : await stage(input.source, store.stagingDir, MAX_FILE_SIZE_BYTES);
  } catch (e) {
    if (e instanceof TooLarge || (e as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') throw refused(name, FILE_REJECTION_MESSAGES.fileTooLarge);
    throw e;
  }
  try {
    if (staged.size === 0) throw refused(name, 'The file is empty');
    const content = await sniffStaged(staged, fileKindOf({ name, type: input.declaredMime }));
    if (content.verdict === 'program' || content.verdict === 'markup') throw refused(name, CONTENT_REJECTIONS[content.verdict](content.what));
    if (content.verdict === 'unknown') throw refused(name, CONTENT_REJECTIONS.unknown());
    const allowed = input.allowed ?? ALLOWED_FILE_KINDS;
    if (!allowed.includes(content.kind)) throw refused(name, CONTENT_REJECTIONS.notForField(content.what));
    return { staged, name, mime: content.mime, kind: content.kind };
  } catch (e) {
    await discard(staged.path);
    throw e;
  }
}

async function sniffStaged(staged: Staged, declared: FileKind | null): Promise<Sniffed> {
  const first = sniff(staged.head, { kind: declared });
  const container = staged.head.subarray(0, 4).equals(Buffer.from('PK\x03\x04', 'latin1')) || staged.head.subarray(0, 4).equals(Buffer.from([0xd0, 0xcf, 0x11, 0xe0]));
  if (!container || staged.size <= staged.head.length) return first;
  return sniff(await readWhole(staged), { kind: declared });
}
