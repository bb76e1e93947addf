import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import { currentUser } from '../../plugins/app/auth';
import { worklogPage } from '../../domain/tasks/worklogs';
import { addNote, deleteNote, notesPage, updateNote } from '../../domain/tasks/notes';
import { closeSubTask } from '../../domain/queries/close';
import { AppId, errorReplies, VerNum, Stale, SubTaskId, Words } from '../common/schemas';
import { actRule, applicationIdIn, staffReadRule } from '../common/application-rules';
import { ApplicationState } from '../common/application-schemas';
import { Cursor, Note, NoteId, PageInfo, PageLimit, WorklogEntry } from './work-schemas';
import { route } from '../common/route';

/** Paths of the worklogs and notes tabs, in §7's "Tasks and queries" family (§7 names none for them). */
export const WORK_PATHS = {
  worklogs: '/v3/taskconfigs/worklogs/:application_id',
  notes: '/v3/taskconfigs/notes/:application_id',
  addNote: '/v3/taskconfigs/addNote',
  updateNote: '/v3/taskconfigs/updateNote',
  deleteNote: '/v3/taskconfigs/deleteNote',
  close: '/v3/taskconfigs/close',
} as const;

const inParams = applicationIdIn('params', 'application_id');
const inBody = applicationIdIn('body', 'application_id');
const Paging = Type.Object({ limit: Type.Optional(PageLimit), cursor: Type.Optional(Cursor) });
const READ = 'Staff who may open the application; 404 for one they may not (the same as one that does not exist); 400/1101 for a cursor that is not this list\'s.';
const WRITE =
  'Needs §6 APPLICATIONS_ACTIONS and an application the caller may open (403 / the neutral 404). One transaction: the note, an audit row ' +
  'and a worklog entry. The application\'s verNum is not changed (a note is not part of the application).';
const OWN = '403 when the note is someone else\'s (only its author may); 404 for a note that is not of this application.';

/** The worklogs and notes detail tabs (mf-tasks WorklogsTab, NotesTab). Rules in domain/tasks/worklogs.ts, notes.ts. */
const workTabRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.get(WORK_PATHS.worklogs, route.tasks({ application: staffReadRule(inParams) }, 'Worklogs of an application',
      `Every action on the application — who, when, what — newest first, in keyset pages. ${READ}`, {
      params: Type.Object({ application_id: AppId }),
      querystring: Paging,
      response: { 200: Type.Object({ data: Type.Array(WorklogEntry), pageInfo: PageInfo }), ...errorReplies },
    }), async (request) => worklogPage(app.db, request.params.application_id, { limit: request.query.limit ?? 10, cursor: request.query.cursor }));

  app.get(WORK_PATHS.notes, route.tasks({ application: staffReadRule(inParams) }, 'Notes of an application',
      `The application's notes with author and time, newest first, in keyset pages; mine marks the caller's own. ${READ}`, {
      params: Type.Object({ application_id: AppId }),
      querystring: Paging,
      response: { 200: Type.Object({ data: Type.Array(Note), pageInfo: PageInfo }), ...errorReplies },
    }), async (request) => notesPage(app.db, currentUser(request), request.params.application_id, { limit: request.query.limit ?? 10, cursor: request.query.cursor }));

  app.post(WORK_PATHS.addNote, route.tasks({ application: actRule(inBody) }, 'Add a note',
      `Adds a note (1-4000 characters, not blank) to the application. ${WRITE} 400/1101 for bad input.`, {
      body: Type.Object({ application_id: AppId, text: Words(4000, 'The note') }),
      response: { 200: Type.Object({ data: Note, message: Type.String() }), ...errorReplies },
    }), async (request) => ({ data: await addNote(app.db, currentUser(request), request.body), message: 'Note added' }));

  app.post(WORK_PATHS.updateNote, route.tasks({ application: actRule(inBody) }, 'Edit a note',
      `Changes the text of one of the caller's notes. ${WRITE} ${OWN} 409 when verNum is not the note's current one (nothing changed); 400/1101 for bad input or an unchanged text.`, {
      body: Type.Object({ application_id: AppId, noteId: NoteId, verNum: Type.Integer({ minimum: 1, maximum: 2147483647 }), text: Words(4000, 'The new text') }),
      response: { 200: Type.Object({ data: Note, message: Type.String() }), ...errorReplies, 409: Stale },
    }), async (request) => ({ data: await updateNote(app.db, currentUser(request), request.body), message: 'Note updated' }));

  app.post(WORK_PATHS.deleteNote, route.tasks({ application: actRule(inBody) }, 'Delete a note',
      `Deletes one of the caller's notes (the audit trail keeps its text). ${WRITE} ${OWN}`, {
      body: Type.Object({ application_id: AppId, noteId: NoteId }),
      response: { 200: Type.Object({ data: Type.Object({ noteId: Type.String() }), message: Type.String() }), ...errorReplies },
    }), async (request) => ({ data: await deleteNote(app.db, currentUser(request), request.body), message: 'Note deleted' }));

  app.post(WORK_PATHS.close, route.tasks({ application: actRule(inBody) }, 'Close a query or a pending approval with a reason (the Close tab)',
      '§2\'s close tab: a QUERY is closed as closeSubTask closes it (its raiser, its holder or an admin; the reason goes on its thread); ' +
        'a pending APPROVAL or EXCEPTION is closed by its decider\'s decision APPROVE or REJECT with the reason as the comment, under the ' +
        'approval rules (the level\'s role, maker-checker; rejecting a level rejects the application, rejecting an exception returns it to ' +
        'its maker). decision is required for an approval and refused for a query (400). Needs APPLICATIONS_ACTIONS and an application ' +
        'the caller may open (403 / the neutral 404; a sub-task of another application is 404). One transaction with verNum (409), an ' +
        'audit row, a worklog entry and the notifications.', {
      body: Type.Object({
        application_id: AppId,
        verNum: VerNum,
        subTaskId: SubTaskId,
        reason: Words(2000, 'Why it is closed'),
        decision: Type.Optional(Type.Union([Type.Literal('APPROVE'), Type.Literal('REJECT')])),
      }),
      response: {
        200: Type.Object({
          data: Type.Object({ subTaskId: Type.String(), kind: Type.Union([Type.Literal('QUERY'), Type.Literal('APPROVAL'), Type.Literal('EXCEPTION')]), outcome: Type.Union([Type.Literal('CLOSED'), Type.Literal('APPROVED'), Type.Literal('REJECTED')]) }),
          application: ApplicationState,
          message: Type.String(),
        }),
        ...errorReplies,
        409: Stale,
      },
    }), async (request) => {
    const r = await closeSubTask(app.db, currentUser(request), request.body);
    return { ...r, message: r.data.kind === 'QUERY' ? 'Query closed' : r.data.outcome === 'APPROVED' ? 'Approval closed: approved' : 'Approval closed: rejected' };
  });
};
export default workTabRoutes;
