import type { Db, Queryable } from '../../db/db';
import { isStaff, mayAct, type CurrentUser } from '../current-user';
import { forbidden, HttpError, notFound, permissionMissing, refused } from '../errors';
import { writeAudits } from '../applications/audit';
import { cursorKey } from '../lists/cursor';
import { decodePageCursor, encodePageCursor } from './inbox-cursor';
import { insertWorklog, type WorklogText } from './worklog-text';

/**
 * The notes tab: free-text notes on an application, listed with author and time, newest first. Reading needs an
 * application the caller may open; writing needs §6 APPLICATIONS_ACTIONS (the application-access-only user reads);
 * a note is edited or deleted only by its author. Each write is one transaction: the note, an audit row (old and
 * new text) and a worklog entry. A note does not change the application itself, so its verNum is not bumped (an
 * officer's open form does not go stale because a colleague wrote a note); an edit checks the note's own verNum.
 * Nobody has to act on a note, so no notification is written.
 */
export const MAX_NOTE = 4000;

interface NoteRow {
  id: string;
  application_id: string;
  user_id: string;
  display_name: string | null;
  text: string;
  at: Date | string;
  edited_at: Date | string | null;
  ver_num: number;
}

const toApi = (r: NoteRow, user: CurrentUser) => ({
  noteId: String(r.id),
  application_id: r.application_id,
  userId: r.user_id,
  userName: r.display_name ?? r.user_id,
  text: r.text,
  at: new Date(r.at).toISOString(),
  editedAt: r.edited_at ? new Date(r.edited_at).toISOString() : null,
  verNum: r.ver_num,
  mine: r.user_id === user.userName,
});
export type ApiNote = ReturnType<typeof toApi>;

const SELECT = `SELECT n.id::text AS id, n.application_id, n.user_id, nullif(u.display_name, '') AS display_name, n.text, n.at, n.edited_at, n.ver_num
                  FROM notes n LEFT JOIN users u ON u.user_id = n.user_id`;

export async function notesPage(q: Queryable, user: CurrentUser, applicationId: string, input: { limit: number; cursor?: string }) {
  const key = await cursorKey(q);
  const scope = `notes|${applicationId}`;
  const after = decodePageCursor(key, scope, input.cursor);
  const { rows } = await q.query<NoteRow>(
    `${SELECT} WHERE n.application_id = $1 AND ($2::bigint IS NULL OR n.id < $2::bigint) ORDER BY n.id DESC LIMIT $3`,
    [applicationId, after ? String(after[0]) : null, input.limit + 1],
  );
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  return { data: page.map((r) => toApi(r, user)), pageInfo: { nextCursor: hasMore ? encodePageCursor(key, scope, [page[page.length - 1].id]) : null, hasMore } };
}

function assertWriter(user: CurrentUser) {
  if (!isStaff(user) || !mayAct(user)) throw permissionMissing('APPLICATIONS_ACTIONS');
}
const noteNotFound = () => notFound('noteId', 'Note not found');

async function log(tx: Queryable, applicationId: string, user: CurrentUser, action: string, key: string, old: unknown, now: Date, text: unknown, entry: WorklogText) {
  await writeAudits(tx, applicationId, action, user.userName, now, [{ key, old, new: text }]);
  await insertWorklog(tx, { applicationId, taskId: 'current', userId: user.userName, action, at: now, text: entry });
}

const excerpt = (s: string) => (s.length > 120 ? `${s.slice(0, 117)}…` : s);

export async function addNote(db: Db, user: CurrentUser, input: { application_id: string; text: string }, now = new Date()) {
  assertWriter(user);
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<{ id: string }>(`INSERT INTO notes (application_id, user_id, text, at) VALUES ($1,$2,$3,$4) RETURNING id::text AS id`, [
      input.application_id, user.userName, input.text, now,
    ]);
    await log(tx, input.application_id, user, 'addNote', `note.${rows[0].id}`, null, now, input.text, { key: 'noteAddedLog', params: { excerpt: excerpt(input.text) } });
    return toApi((await tx.query<NoteRow>(`${SELECT} WHERE n.id = $1::bigint`, [rows[0].id])).rows[0], user);
  });
}

/** The note, locked, of that application; another application's note is the same 404 as a missing one. */
async function lockOwn(tx: Queryable, user: CurrentUser, applicationId: string, noteId: string, what: string): Promise<NoteRow> {
  const { rows } = await tx.query<NoteRow>(`SELECT id::text AS id, application_id, user_id, NULL AS display_name, text, at, edited_at, ver_num FROM notes WHERE id = $1::bigint FOR UPDATE`, [noteId]);
  const n = rows[0];
  if (!n || n.application_id !== applicationId) throw noteNotFound();
  if (n.user_id !== user.userName) throw forbidden('noteId', `Only ${n.user_id} may ${what} this note`);
  return n;
}

export async function updateNote(db: Db, user: CurrentUser, input: { application_id: string; noteId: string; verNum: number; text: string }, now = new Date()) {
  assertWriter(user);
  return db.transaction(async (tx) => {
    const n = await lockOwn(tx, user, input.application_id, input.noteId, 'edit');
    if (n.ver_num !== input.verNum) {
      throw new HttpError(409, { code: 1101, message: 'Validation Failed', data: [{ label: 'verNum', reason: `Note ${n.id} was changed in the meantime: you sent verNum ${input.verNum}, the current verNum is ${n.ver_num}. Reload it and try again.` }] });
    }
    if (n.text === input.text) throw refused('text', 'The note already says this');
    await tx.query(`UPDATE notes SET text = $2, edited_at = $3, ver_num = ver_num + 1 WHERE id = $1::bigint`, [n.id, input.text, now]);
    await log(tx, input.application_id, user, 'updateNote', `note.${n.id}`, n.text, now, input.text, { key: 'noteEditedLog', params: { excerpt: excerpt(input.text) } });
    return toApi((await tx.query<NoteRow>(`${SELECT} WHERE n.id = $1::bigint`, [n.id])).rows[0], user);
  });
}

export async function deleteNote(db: Db, user: CurrentUser, input: { application_id: string; noteId: string }, now = new Date()) {
  assertWriter(user);
  return db.transaction(async (tx) => {
    const n = await lockOwn(tx, user, input.application_id, input.noteId, 'delete');
    await tx.query(`DELETE FROM notes WHERE id = $1::bigint`, [n.id]);
    await log(tx, input.application_id, user, 'deleteNote', `note.${n.id}`, n.text, now, null, { key: 'noteDeletedLog', params: { excerpt: excerpt(n.text) } });
    return { noteId: n.id };
  });
}
