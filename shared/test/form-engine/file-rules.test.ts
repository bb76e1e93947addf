import { ALLOWED_FILE_KINDS, MAX_FILE_SIZE_BYTES, checkFile, fileKindOf } from '../../src/contract';

describe('file kinds (§5: image, doc, pdf, xls, application, compress, video)', () => {
  it('recognises each kind by MIME type', () => {
    expect(fileKindOf({ type: 'image/png' })).toBe('image');
    expect(fileKindOf({ type: 'application/pdf' })).toBe('pdf');
    expect(fileKindOf({ type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' })).toBe('doc');
    expect(fileKindOf({ type: 'application/vnd.ms-excel' })).toBe('xls');
    expect(fileKindOf({ type: 'application/zip' })).toBe('compress');
    expect(fileKindOf({ type: 'video/mp4' })).toBe('video');
    expect(fileKindOf({ type: 'application/octet-stream', name: 'statement.bin' })).toBe('application');
  });

  it('falls back to the extension when the browser gives no type', () => {
    expect(fileKindOf({ type: '', name: 'Payslip.DOCX' })).toBe('doc');
    expect(fileKindOf({ name: 'photo.jpeg' })).toBe('image');
    expect(fileKindOf({ name: 'noext' })).toBeNull();
  });

  it('rejects the wrong types', () => {
    expect(checkFile({ name: 'page.html', type: 'text/html', size: 10 })).toBe('invalidFileType');
    expect(checkFile({ name: 'setup.exe', type: 'application/x-msdownload', size: 10 })).toBe('invalidFileType');
    expect(checkFile({ name: 'song.mp3', type: 'audio/mpeg', size: 10 })).toBe('invalidFileType');
    expect(checkFile({ name: 'a.png', type: 'image/png', size: 10 }, ['pdf'])).toBe('invalidFileType');
  });

  it('accepts up to exactly 10485760 bytes and rejects an 11 MB file', () => {
    expect(MAX_FILE_SIZE_BYTES).toBe(10485760);
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 10485760 })).toBeNull();
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 10485761 })).toBe('fileTooLarge');
    expect(checkFile({ name: 'a.pdf', type: 'application/pdf', size: 11 * 1024 * 1024 })).toBe('fileTooLarge');
  });

  it('lists the seven kinds', () => {
    expect(ALLOWED_FILE_KINDS).toEqual(['image', 'doc', 'pdf', 'xls', 'application', 'compress', 'video']);
  });
});
