/**
 * File checks of §5: the allowed kinds (image, doc, pdf, xls, application, compress, video) and the
 * 10485760-byte limit. Kinds are recognised from the MIME type first and the extension second, because browsers
 * report an empty type for some files (e.g. .docx on some systems) and servers receive whatever the client sent.
 */
import { MAX_FILE_SIZE_BYTES } from '../constants';
import type { FileKind, UploadedDocument } from './types';

export const ALLOWED_FILE_KINDS: readonly FileKind[] = ['image', 'doc', 'pdf', 'xls', 'application', 'compress', 'video'];

const EXTENSIONS: Record<FileKind, readonly string[]> = {
  image: ['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp', 'tif', 'tiff', 'heic', 'svg'],
  doc: ['doc', 'docx', 'odt', 'rtf', 'txt'],
  pdf: ['pdf'],
  xls: ['xls', 'xlsx', 'ods', 'csv'],
  application: [],
  compress: ['zip', 'rar', '7z', 'gz', 'tar', 'tgz'],
  video: ['mp4', 'mov', 'avi', 'mkv', 'webm', '3gp'],
};

const MIME_COMPRESS = /^application\/(zip|x-zip-compressed|x-rar-compressed|vnd\.rar|x-7z-compressed|gzip|x-gzip|x-tar)$/;
const MIME_DOC = /^(application\/(msword|vnd\.openxmlformats-officedocument\.wordprocessingml\.document|vnd\.oasis\.opendocument\.text|rtf)|text\/plain)$/;
const MIME_XLS = /^(application\/(vnd\.ms-excel|vnd\.openxmlformats-officedocument\.spreadsheetml\.sheet|vnd\.oasis\.opendocument\.spreadsheet)|text\/csv)$/;

/** The §5 kind of a file, or null when it is none of them (e.g. text/html, an .exe without a MIME type). */
export function fileKindOf(file: { type?: string; name?: string }): FileKind | null {
  const type = (file.type ?? '').toLowerCase().trim();
  if (type) {
    if (type.startsWith('image/')) return 'image';
    if (type.startsWith('video/')) return 'video';
    if (type === 'application/pdf') return 'pdf';
    if (MIME_DOC.test(type)) return 'doc';
    if (MIME_XLS.test(type)) return 'xls';
    if (MIME_COMPRESS.test(type)) return 'compress';
    // Any other application/* type is the "application" kind of §5 (e.g. application/octet-stream); but an
    // executable extension never is, whatever MIME type the client claims.
    if (type.startsWith('application/') && !isExecutableName(file.name)) return 'application';
  }
  const ext = extensionOf(file.name);
  if (!ext) return null;
  for (const kind of ALLOWED_FILE_KINDS) if (EXTENSIONS[kind].includes(ext)) return kind;
  return null;
}

function extensionOf(name?: string): string {
  const m = /\.([a-z0-9]+)$/i.exec(name ?? '');
  return m ? m[1].toLowerCase() : '';
}

function isExecutableName(name?: string): boolean {
  return ['exe', 'bat', 'cmd', 'com', 'msi', 'sh', 'js', 'vbs', 'ps1', 'jar', 'scr'].includes(extensionOf(name));
}

export type FileRejection = 'invalidFileType' | 'fileTooLarge';

export const FILE_REJECTION_MESSAGES: Record<FileRejection, string> = {
  invalidFileType: 'File type is not allowed',
  fileTooLarge: 'File size must not exceed 10 MB',
};

/** null when the file may be uploaded; otherwise why not. Type is checked before size. */
export function checkFile(
  file: { type?: string; name?: string; size: number },
  allowed: readonly FileKind[] = ALLOWED_FILE_KINDS,
  maxBytes: number = MAX_FILE_SIZE_BYTES,
): FileRejection | null {
  const kind = fileKindOf(file);
  if (!kind || !allowed.includes(kind)) return 'invalidFileType';
  if (!(file.size <= maxBytes)) return 'fileTooLarge';
  return null;
}

/** Documents of a fileUploadHub value that break the rules (used again by the server on save). */
export function rejectedDocuments(docs: UploadedDocument[], allowed?: readonly FileKind[]): UploadedDocument[] {
  return docs.filter((d) => checkFile(d, allowed) !== null);
}
