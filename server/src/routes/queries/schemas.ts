import { Type } from '@sinclair/typebox';
import { Json, Enum, Nullable, TeamId, UserName, Words } from '../common/schemas';

const FieldKey = Type.String({ pattern: '^[A-Za-z_][A-Za-z0-9_.]{0,119}$', maxLength: 120 });
export const FieldKeys = Type.Array(FieldKey, { maxItems: 50, description: 'Field keys of the application the query is about' });
export const DocumentIds = Type.Array(Type.String({ minLength: 1, maxLength: 120 }), { maxItems: 50, description: 'Documents (file ids or document keys) the query is about' });

const Comment = Type.Object({ by: Type.String(), at: Type.String({ format: 'date-time' }), text: Type.String() });

/** What a query asks and who holds it: the body of raising one, by either call (createSubTask, createOrUpdateQuery). */
export const QueryContent = {
  subject: Words(200, 'What is asked, in a line'),
  description: Type.Optional(Type.String({ maxLength: 4000 })),
  assignedTo: Type.Optional(UserName),
  assignedTeam: Type.Optional(TeamId),
  fields: Type.Optional(FieldKeys),
  documents: Type.Optional(DocumentIds),
};

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

/** The link's secret as it appears in the link (base64url, 43 characters); anything else is refused by the schema. */
export const RequestForInfoId = Type.String({ pattern: '^[A-Za-z0-9_-]{43}$', minLength: 43, maxLength: 43, description: 'The secret of a request-for-information link' });

/** A request for information's link, as staff see it (never the secret). */
export const RequestState = Type.Object({
  sentTo: Type.String({ description: 'The e-mail or mobile the link went to' }),
  sends: Type.Integer({ description: 'How many times it was sent' }),
  expiresAt: Type.String({ format: 'date-time' }),
  answeredAt: Nullable(Type.String({ format: 'date-time' })),
  answeredBy: Nullable(Type.String()),
  state: Enum(['WAITING', 'ANSWERED', 'EXPIRED']),
});

export const ApplicationQuery = Type.Composite([SubTask, Type.Object({ requestInfo: Nullable(RequestState) })], {
  description: 'A query with its thread; for a request for information to the applicant, the state of its link',
});

export const RequestableField = Type.Object({
  key: Type.String(),
  label: Type.String(),
  type: Type.String({ description: '§3 field type' }),
  sectionId: Type.String(),
  subSectionId: Type.String(),
});

/** The fields the applicant's page renders with the portal's form engine (§3 field configuration). */
export const FieldConfigs = Type.Array(Json('§3 field configuration, mandatory: what was asked is required'));

export const SandboxLink = Type.Optional(Type.String({ description: 'The link itself, only with the sandbox notifier (demos and tests)' }));
