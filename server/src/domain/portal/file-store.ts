import type { Readable } from 'node:stream';
import { ALLOWED_FILE_KINDS, checkFile, FILE_REJECTION_MESSAGES, MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import type { FieldConfig, FileKind, FlowConfig } from '@lendline/shared/contract';
import type { Db, Queryable } from '../../db/db';
import { isStaff, type CurrentUser } from '../current-user';
import { refused } from '../errors';
import { findApplication, type ApplicationRow } from '../applications/row';
import { fieldIndex, flowConfig } from '../config/config-service';
import { addDocument } from '../documents/changes';
import type { BlobStore } from '../documents/storage';

export { CONTENT_REJECTIONS } from '../documents/intake';

export interface StoredFile {
  fileId: string;
  name: string;
  size: number;
  /** The type found in the bytes (what the file will be served as), not the one the client declared. */
  type: string;
}

/**
 * A file of the portal's file upload hub or signature pad, kept as a document of the application (it shows in the
 * staff documents tab). The §5 checks of the declared name and type run here first (a client that skipped them
 * gets 1101, never a stored file); then the document intake (domain/documents/intake.ts) decides by the bytes, with
 * the kinds the field accepts: its configured allowed_file_types, narrowed by the kinds the client asked for. The
 * bytes go to the document store (disk or S3) before the row; a failed row write removes them again.
 */
export async function storeFile(
  db: Db,
  store: BlobStore,
  input: { applicationId: string; applicantId?: string; fieldKey: string; name: string; mime: string; source: Buffer | Readable; size?: number; kind: 'DOCUMENT' | 'SIGNATURE'; user: CurrentUser; allowed?: FileKind[]; docType?: string },
): Promise<StoredFile> {
  const application = await findApplication(db, input.applicationId);
  if ((input.size ?? 0) > MAX_FILE_SIZE_BYTES) throw refused(input.name, FILE_REJECTION_MESSAGES.fileTooLarge);
  const configured = await configuredKinds(db, application, input.fieldKey);
  const allowed = (configured ?? ALLOWED_FILE_KINDS).filter((k) => !input.allowed || input.allowed.includes(k));
  // The declared name and type, as the client's own check saw them (the size is checked on the bytes).
  const why = checkFile({ name: input.name, type: input.mime, size: input.size ?? 0 }, allowed);
  if (why) throw refused(input.name, FILE_REJECTION_MESSAGES[why]);
  const row = await addDocument(
    { db, store, user: input.user, app: application },
    { source: input.source, name: input.name, declaredMime: input.mime },
    { fieldKey: input.fieldKey, applicantId: input.applicantId, docType: input.docType },
    { kind: input.kind, source: isStaff(input.user) ? 'STAFF' : 'PORTAL', allowed, anyApplicant: !isStaff(input.user) },
  );
  return { fileId: row.file_id, name: row.name, size: row.size, type: row.mime };
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
