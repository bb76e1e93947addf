import { createStore } from 'zustand/vanilla';
import { sessionStore } from '../session-store';
import { loadAes, type AesModule } from '../crypto/load-aes';
import { openBook, sealBook, type DraftBook, type SealedBook } from './draft-seal';

/**
 * Unsaved edits kept on the device across the end of a session (docs/identity.md "Unsaved edits across sessions").
 * Forms report their changed fields (keepDraft); the vault writes them, AES-encrypted under the current session's
 * draft key, to localStorage as they change, so whatever ends the session (idle expiry, logout elsewhere, a forced
 * logout, a 401 on save, a closed tab) they are already there. The key is held in memory only; after the next
 * sign-in the server hands the earlier session's key to the same user, once, and the forms find their edits again
 * (takeRestored). Another user's sign-in gets no key for the blob, so it sees nothing of it.
 */
export const DRAFTS_PREFIX = 'lendline.drafts.';
/** A blob nobody came back for is dropped after this long (the server erases its key after the same time). */
export const DRAFT_MAX_AGE_MS = 14 * 24 * 3600_000;

export interface DraftKeysReply {
  key: string | null;
  previous: { sessionid: string; key: string }[];
}

export interface VaultState {
  /** Restored edits waiting for their form (by form id); a form takes its own once. */
  restored: Record<string, Record<string, unknown>>;
  /** How many forms were restored at the last unlock (the shell's notice). */
  restoredCount: number;
  /** The address the user was on in the session the edits came from. */
  restoredUrl: string | null;
}

export const draftStore = createStore<VaultState>(() => ({ restored: {}, restoredCount: 0, restoredUrl: null }));

interface Open {
  sid: string;
  key: string;
  userId: string;
  aes: AesModule;
  book: DraftBook;
}
let open: Open | null = null;

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

/** The sealed books on this device, dropping any too old or unreadable. */
export function sealedBooks(now = Date.now()): SealedBook[] {
  const ls = storage();
  if (!ls) return [];
  const out: SealedBook[] = [];
  for (let i = ls.length - 1; i >= 0; i--) {
    const name = ls.key(i);
    if (!name?.startsWith(DRAFTS_PREFIX)) continue;
    try {
      const sealed = JSON.parse(ls.getItem(name) ?? '') as SealedBook;
      if (typeof sealed?.data !== 'string' || typeof sealed.sid !== 'string' || !(now - sealed.at < DRAFT_MAX_AGE_MS)) throw new Error('stale');
      out.push(sealed);
    } catch {
      ls.removeItem(name);
    }
  }
  return out;
}

function write() {
  if (!open) return;
  const ls = storage();
  if (!ls) return;
  try {
    if (!Object.keys(open.book.forms).length) ls.removeItem(DRAFTS_PREFIX + open.sid);
    else ls.setItem(DRAFTS_PREFIX + open.sid, JSON.stringify(sealBook(open.aes, open.book, open.sid, open.key)));
  } catch {
    /* storage full or blocked: the edits then live as long as the page */
  }
}

const here = () => (typeof location === 'undefined' ? null : location.pathname + location.search);

/**
 * After a sign-in (or a reload) of a staff user: asks the server for the keys of the books on this device
 * (`fetchKeys`, POST /v3/auth/draft-keys), opens the current session's own book, moves the same user's earlier
 * books into it and offers their forms' edits for restoring. Books that do not open stay (another user's) until
 * they age out.
 */
export async function unlockDrafts(fetchKeys: (sessionIds: string[]) => Promise<DraftKeysReply>): Promise<VaultState> {
  const session = sessionStore.getState().session;
  const userId = sessionStore.getState().user?.userId;
  if (!session || !userId) return draftStore.getState();
  const books = sealedBooks();
  const [reply, aes] = await Promise.all([fetchKeys(books.map((b) => b.sid)), loadAes()]);
  // The session may have ended or changed while the keys were on their way.
  if (sessionStore.getState().session?.sessionId !== session.sessionId || !reply.key) return draftStore.getState();
  const own = books.find((b) => b.sid === session.sessionId);
  const book: DraftBook = (own && openBook(aes, own, reply.key, userId)) || { v: 1, userId, url: null, forms: {} };
  const restored: VaultState['restored'] = {};
  let restoredUrl: string | null = null;
  for (const b of [...books].sort((x, y) => x.at - y.at)) {
    const key = b.sid === session.sessionId ? reply.key : reply.previous.find((p) => p.sessionid === b.sid)?.key;
    const earlier = key ? (b.sid === session.sessionId ? book : openBook(aes, b, key, userId)) : null;
    if (!earlier) continue;
    for (const [formId, form] of Object.entries(earlier.forms)) {
      book.forms[formId] = form;
      restored[formId] = form.values;
    }
    if (earlier.url) restoredUrl = earlier.url;
    if (b.sid !== session.sessionId) storage()?.removeItem(DRAFTS_PREFIX + b.sid);
  }
  open = { sid: session.sessionId, key: reply.key, userId, aes, book };
  write();
  const state = { restored, restoredCount: Object.keys(restored).length, restoredUrl: Object.keys(restored).length ? restoredUrl : null };
  draftStore.setState(state);
  return state;
}

/** A form's changed fields (null or empty: nothing unsaved, the draft goes). Ignored while no session is open. */
export function keepDraft(formId: string, values: Record<string, unknown> | null): void {
  if (!open) return;
  const empty = !values || !Object.keys(values).length;
  if (empty && !open.book.forms[formId]) return;
  if (empty) delete open.book.forms[formId];
  else open.book.forms[formId] = { values, at: Date.now() };
  open.book.url = here();
  write();
}

/** Whether any form holds edits not yet saved (kept, or restored and not yet taken): a reload would cost them. */
export function hasUnsavedDrafts(): boolean {
  return Boolean(open && Object.keys(open.book.forms).length) || Object.keys(draftStore.getState().restored).length > 0;
}

/** Drops every draft whose form id starts with `prefix` (saved or cancelled), kept and waiting alike. */
export function dropDrafts(prefix: string): void {
  const waiting = draftStore.getState().restored;
  if (Object.keys(waiting).some((id) => id.startsWith(prefix))) {
    draftStore.setState({ restored: Object.fromEntries(Object.entries(waiting).filter(([id]) => !id.startsWith(prefix))) });
  }
  if (!open) return;
  const before = Object.keys(open.book.forms).length;
  for (const id of Object.keys(open.book.forms)) if (id.startsWith(prefix)) delete open.book.forms[id];
  if (Object.keys(open.book.forms).length !== before) write();
}

/** The restored edits waiting for a form, left waiting (read while rendering; take them in an effect). */
export function peekRestored(formId: string): Record<string, unknown> | undefined {
  return draftStore.getState().restored[formId];
}

/** The restored edits of a form, handed over once (the form then keeps them itself through keepDraft). */
export function takeRestored(formId: string): Record<string, unknown> | undefined {
  const waiting = draftStore.getState().restored;
  const values = waiting[formId];
  if (!values) return undefined;
  const rest = { ...waiting };
  delete rest[formId];
  draftStore.setState({ restored: rest });
  return values;
}

/** Form ids with restored edits waiting, starting with `prefix` (a page opens those forms). */
export function waitingDrafts(prefix: string): string[] {
  return Object.keys(draftStore.getState().restored).filter((id) => id.startsWith(prefix));
}

/** The session ended: the key leaves memory; the sealed book stays on the device for the next sign-in. */
export function lockDrafts(): void {
  open = null;
  draftStore.setState({ restored: {}, restoredCount: 0, restoredUrl: null });
}

/**
 * Follows the session: locks on any end or change of session, and unlocks for each new staff session
 * (`fetchKeys` as in unlockDrafts). `onRestored` hears of a restore (the shell's notice and the return address).
 */
export function startDraftVault(fetchKeys: (sessionIds: string[]) => Promise<DraftKeysReply>, onRestored: (state: VaultState) => void): () => void {
  const unlock = () => {
    void unlockDrafts(fetchKeys).then(
      (state) => state.restoredCount > 0 && onRestored(state),
      () => undefined,
    );
  };
  if (sessionStore.getState().session) unlock();
  return sessionStore.subscribe((s, prev) => {
    const sid = s.session?.sessionId;
    if (sid === prev.session?.sessionId && s.user?.userId === prev.user?.userId) return;
    lockDrafts();
    if (sid && s.user) unlock();
  });
}
