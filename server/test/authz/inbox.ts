import { get, post, type Build } from './builders';

/** The worklogs and notes tabs (routes/tasks/work-tabs.ts); the inbox names no application, so it is not here. */
export const INBOX_REQUESTS: Record<string, Build> = {
  'GET /v3/taskconfigs/worklogs/:application_id': get((a) => `/v3/taskconfigs/worklogs/${a.id}`),
  'GET /v3/taskconfigs/notes/:application_id': get((a) => `/v3/taskconfigs/notes/${a.id}`),
  'POST /v3/taskconfigs/addNote': post('/v3/taskconfigs/addNote', (a) => ({ application_id: a.id, text: 'Matrix note' })),
  'POST /v3/taskconfigs/updateNote': post('/v3/taskconfigs/updateNote', (a) => ({ application_id: a.id, noteId: '1', verNum: 1, text: 'Matrix' })),
  'POST /v3/taskconfigs/deleteNote': post('/v3/taskconfigs/deleteNote', (a) => ({ application_id: a.id, noteId: '1' })),
  'POST /v3/taskconfigs/close': post('/v3/taskconfigs/close', (a) => ({ application_id: a.id, verNum: 1, subTaskId: '1', reason: 'Matrix' })),
};
