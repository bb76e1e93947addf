import type { AesModule } from '../crypto/load-aes';

/** What one sign-in's unsaved edits are: who typed them, where, and each open form's changed fields. */
export interface DraftBook {
  v: 1;
  userId: string;
  /** The address the user was on when the book was last written (restored after signing in again). */
  url: string | null;
  forms: Record<string, { values: Record<string, unknown>; at: number }>;
}

/** The device copy: only the session id and time are readable, the rest is AES under that session's draft key. */
export interface SealedBook {
  sid: string;
  at: number;
  data: string;
}

/** Encrypts a book with a session's draft key (server-made random, ≥ 32 characters; §9's AES-CBC scheme). */
export function sealBook(aes: AesModule, book: DraftBook, sid: string, key: string, now = Date.now()): SealedBook {
  return { sid, at: now, data: aes.aesEncrypt(JSON.stringify(book), key) };
}

/**
 * Opens a sealed book, or null: a wrong key (CBC padding, UTF-8 or JSON fails), another user's book (its userId is
 * not the one signed in), or anything malformed. Never throws: a blob the device cannot use is simply not restored.
 */
export function openBook(aes: AesModule, sealed: SealedBook, key: string, userId: string): DraftBook | null {
  try {
    const book = JSON.parse(aes.aesDecrypt(sealed.data, key)) as DraftBook;
    if (!book || book.v !== 1 || book.userId !== userId || typeof book.forms !== 'object' || !book.forms) return null;
    return book;
  } catch {
    return null;
  }
}
