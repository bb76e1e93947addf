import { Type } from '@sinclair/typebox';
import { Nullable } from '../common/schemas';

/** Paging of the inbox and of the worklogs and notes tabs (§9 page sizes, 10 by default). */
export const PageLimit = Type.Integer({ minimum: 1, maximum: 100, description: 'Page size (§9: 5, 10, 25, 50, 100; default 10)' });
export const Cursor = Type.String({ maxLength: 600, description: 'pageInfo.nextCursor of the previous page, as it came' });
export const PageInfo = Type.Object({ nextCursor: Nullable(Type.String()), hasMore: Type.Boolean() });
export const NoteId = Type.String({ pattern: '^[1-9][0-9]{0,17}$', maxLength: 18, description: 'Note id' });

export const WorklogEntry = Type.Object({
  id: Type.String(),
  at: Type.String({ format: 'date-time' }),
  userId: Type.String(),
  userName: Type.String({ description: 'Display name of who did it' }),
  action: Type.String({ description: 'The call or action (createSubTask, updateSnoozeTime, reject, addNote, …)' }),
  comment: Type.String({ description: 'What was done, in words' }),
  taskId: Nullable(Type.String()),
  texts: Type.Optional(Type.Record(Type.String(), Type.String(), { description: 'What was done in each language the product ships (en, hi …), for entries written with a key; absent: comment only' })),
});

export const Note = Type.Object({
  noteId: Type.String(),
  application_id: Type.String(),
  userId: Type.String(),
  userName: Type.String(),
  text: Type.String(),
  at: Type.String({ format: 'date-time' }),
  editedAt: Nullable(Type.String({ format: 'date-time' })),
  verNum: Type.Integer({ description: 'The note\'s version, to send with an edit' }),
  mine: Type.Boolean({ description: 'The caller wrote it (may edit and delete it)' }),
});
