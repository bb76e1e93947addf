import { randomBytes } from 'node:crypto';
import { mkdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { ALLOWED_FILE_KINDS, checkFile, fileKindOf, FILE_REJECTION_MESSAGES, MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { FieldConfig, FileKind, FlowConfig } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { refused } from '../errors';
import { findApplication, type ApplicationRow } from '../applications/row';
import { fieldIndex, flowConfig } from '../config/config-service';
import { sniff } from './file-sniff';

export interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  /** The type found in the bytes (what the file will be served as), not the one the client declared. */
  type: string;
}

/** Why a file's bytes are refused (§8 1101 reasons, one per verdict). */
export const CONTENT_REJECTIONS = {
  program: (what: string) => `The file's content is ${what}, which cannot be uploaded`,
  markup: (what: string) => `The file's content is ${what}, which cannot be uploaded`,
  unknown: () => "The file's content is not an allowed type",
  notForField: (what: string) => `The file's content is ${what}, which this field does not accept`,
} as const;

/**
 * Documents and signatures are kept on local disk under DATA_DIR/files (the embedded default; the spec's
 * "…toS3" names are kept for the calls) with a documents row per file. The §5 checks run again here (a client
 * that skipped them gets 1101, never a stored file), then the bytes decide: their type (file-sniff.ts) must be one
 * of the kinds the field accepts: its configured allowed_file_types, narrowed by the kinds the client asked for.
 * The file is written, then its row inserted; if the insert fails the file is removed.
 */
export async function storeFile(
  q: Queryable,
  dataDir: string,
  input: { applicationId: string; applicantId?: string; fieldKey: string; name: string; mime: string; bytes: Buffer; kind: 'DOCUMENT' | 'SIGNATURE'; userName: string; allowed?: FileKind[] },
): Promise<StoredFile> {
  const application = await findApplication(q, input.applicationId);
  if (input.bytes.length > MAX_FILE_SIZE_BYTES) throw refused(input.name, FILE_REJECTION_MESSAGES.fileTooLarge);
  const configured = await configuredKinds(q, application, input.fieldKey);
  const allowed = (configured ?? ALLOWED_FILE_KINDS).filter((k) => !input.allowed || input.allowed.includes(k));
  const why = checkFile({ name: input.name, type: input.mime, size: input.bytes.length }, allowed);
  if (why) throw refused(input.name, FILE_REJECTION_MESSAGES[why]);

  const content = sniff(input.bytes, { kind: fileKindOf({ name: input.name, type: input.mime }) });
  if (content.verdict === 'program' || content.verdict === 'markup') throw refused(input.name, CONTENT_REJECTIONS[content.verdict](content.what));
  if (content.verdict === 'unknown') throw refused(input.name, CONTENT_REJECTIONS.unknown());
  if (!allowed.includes(content.kind)) throw refused(input.name, CONTENT_REJECTIONS.notForField(content.what));

  const fileId = `F-${randomBytes(12).toString('hex')}`;
  const dir = join(dataDir, 'files');
  await mkdir(dir, { recursive: true });
  const path = join(dir, fileId);
  await writeFile(path, input.bytes, { flag: 'wx' });
  try {
    await q.query(
      `INSERT INTO documents (file_id, application_id, applicant_id, field_key, kind, name, mime, size, path, uploaded_by) VALUES ($1,$2,$3,$4,$5,$6,$7,$8,$9,$10)`,
      [fileId, input.applicationId, input.applicantId ?? null, input.fieldKey, input.kind, input.name, content.mime, input.bytes.length, path, input.userName],
    );
  } catch (e) {
    await unlink(path).catch(() => undefined);
    throw e;
  }
  return { fileId, name: input.name, size: input.bytes.length, type: content.mime };
}

/** The kinds the application's flow configures for this field (or any field of that key); undefined: no limit set. */
async function configuredKinds(q: Queryable, application: ApplicationRow, fieldKey: string): Promise<FileKind[] | undefined> {
  const flow = application.flow_id ? await flowConfig(q, application.flow_id, application.flow_ver_num) : null;
  const field = (flow && fieldOf(flow, fieldKey)) ?? (await fieldIndex(q)).get(fieldKey);
  return field?.field_type_details?.allowed_file_types;
}

function fieldOf(flow: FlowConfig, key: string): FieldConfig | undefined {
  for (const section of flow.sections) {
    for (const sub of section.subSections) {
      for (const component of sub.components ?? []) {
        const field = component.fields?.find((f) => f.key === key);
        if (field) return field;
      }
    }
  }
  return undefined;
}

/** A data URI ("data:image/png;base64,…") → its MIME type and bytes; null when it is not one. */
export function parseDataUri(uri: string): { mime: string; bytes: Buffer } | null {
  const m = /^data:([a-z]+\/[a-z0-9.+-]+);base64,([A-Za-z0-9+/=]+)$/i.exec(uri);
  return m ? { mime: m[1].toLowerCase(), bytes: Buffer.from(m[2], 'base64') } : null;
}
