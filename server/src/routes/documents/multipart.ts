import type { FastifyRequest } from 'fastify';
import type { MultipartFile } from '@fastify/multipart';
import { MAX_FILE_SIZE_BYTES } from '@lendline/shared/contract';
import { refused } from '../../domain/errors';

/**
 * The one file part of a multipart upload, as a stream (the intake stages it to disk while hashing: never held whole
 * in memory). The part is cut at the 10 MB limit; reading past it fails, which the intake turns into the §5 refusal.
 */
export async function multipartFile(request: FastifyRequest): Promise<MultipartFile> {
  if (!request.isMultipart()) throw refused('file', 'must be sent as multipart/form-data with one part named file');
  let file: MultipartFile | undefined;
  try {
    file = await request.file({ limits: { fileSize: MAX_FILE_SIZE_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12 } });
  } catch {
    throw refused('file', 'The multipart body could not be read');
  }
  if (!file) throw refused('file', 'is required: one part named file');
  if (file.fieldname !== 'file') throw refused(file.fieldname, 'The file part must be named file');
  return file;
}
