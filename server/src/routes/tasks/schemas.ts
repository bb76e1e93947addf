import { Type } from '@sinclair/typebox';
import type { ApplicationRule } from '../../plugins/app/application-access';
import { Enum, Nullable } from '../backstage/schemas';

/**
 * Schemas and access rules of the task and query routes. Every route is staff work: the customer account gets the
 * staff-only refusal (plugins/app/application-access.ts).
 */

/** Reads: staff who may open the application. */
export const staffReadRule = (id: ApplicationRule['id']): ApplicationRule => ({ id, permission: 'read' });

/** A sub-task id: the bigserial of sub_tasks, as text (at most 18 digits, so it always fits a bigint). */
export const SubTaskId = Type.String({ pattern: '^[1-9][0-9]{0,17}$', maxLength: 18, description: 'Sub-task (query) id' });
export const TaskId = Type.String({ minLength: 1, maxLength: 60, description: 'Task id (taskId of §3 Task)' });
export const UserName = Type.String({ minLength: 1, maxLength: 80 });
export const TeamId = Type.String({ minLength: 1, maxLength: 80 });
/** Text a person wrote: not blank. */
export const Words = (maxLength: number, description: string) => Type.String({ minLength: 1, maxLength, pattern: '\\S', description });
const FieldKey = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_.]{0,119}$', maxLength: 120 });
export const FieldKeys = Type.Array(FieldKey, { maxItems: 50, description: 'Field keys of the application the query is about' });
export const DocumentIds = Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { maxItems: 50, description: 'Documents (file ids or document keys) the query is about' });

const Comment = Type.Object({ by: Type.String(), at: Type.String({ format: 'date-time' }), text: Type.String() });

/** A query (sub-task), as domain/tasks/sub-task-row.ts toApiSubTask writes it. */
export const SubTask = Type.Object(
  {
    subTaskId: Type.String(),
    application_id: Type.String(),
    taskId: Nullable(Type.String()),
    type: Enum(['QUERY', 'APPROVAL', 'EXCEPTION']),
    status: Enum(['OPEN', 'CLOSED']),
    subject: Type.String(),
    description: Type.String(),
    assignedTo: Nullable(Type.String({ description: 'The user who holds it, or null while a team does' })),
    assignedTeam: Nullable(Type.String({ description: 'The team that holds it while no user does' })),
    raisedBy: Nullable(Type.String()),
    fields: Type.Array(Type.String()),
    documents: Type.Array(Type.String()),
    comments: Type.Array(Comment, { description: 'The thread, oldest first' }),
    closedBy: Nullable(Type.String()),
    createdAt: Type.String({ format: 'date-time' }),
    closedAt: Nullable(Type.String({ format: 'date-time' })),
  },
  { description: '§4 query (sub-task) with its comment thread' },
);

/** The application after a change: the version for its next write, its open counts and §2 sub-status. */
export const ApplicationState = Type.Object({
  application_id: Type.String(),
  verNum: Type.Integer({ description: 'The version to send with the next write' }),
  openQueries: Type.Integer(),
  openApprovals: Type.Integer(),
  subStatus: Nullable(Enum(['QUERIES', 'APPROVAL'])),
});

/** A snoozed (or woken) task, as the snooze tab shows it. */
export const SnoozedTask = Type.Object({
  taskId: Type.String(),
  name: Type.String(),
  progress: Type.String(),
  assignedTo: Nullable(Type.String()),
  dueAt: Nullable(Type.String({ format: 'date-time', description: '§4 SLA due time' })),
  activeOn: Nullable(Type.String({ format: 'date-time', description: 'The review date; null when not snoozed' })),
  reviewBucket: Enum(['Today', 'Future'], '§4 review bucket: Future while the review date is ahead'),
});
