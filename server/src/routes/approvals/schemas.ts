import { Type } from '@sinclair/typebox';
import { Enum, Nullable, SubTaskId, UserName, Words } from '../common/schemas';
import { ApplicationState } from '../common/application-schemas';

/** Schemas of the approval routes: what domain/approvals/read.ts toApiApproval and getApprovals write. */

const Forward = Type.Object({ from: Nullable(Type.String()), to: Type.String(), by: Type.String(), at: Type.String({ format: 'date-time' }), comment: Type.String() });
const Candidate = Type.Object({ userName: Type.String(), displayName: Type.String() });

const entry = {
  subTaskId: Nullable(Type.String({ description: 'The sub-task to name in an action; null for a level not reached yet' })),
  type: Enum(['APPROVAL', 'EXCEPTION']),
  taskId: Nullable(Type.String()),
  round: Type.Integer({ description: 'Rounds start again after a send_back and resubmission' }),
  level: Type.Integer(),
  levels: Type.Integer({ description: 'How many levels the round has (approval matrix band)' }),
  levelName: Type.String(),
  role: Type.String({ description: 'The §6 role an approver of this level holds' }),
  team: Type.String({ description: 'The queue the level waits in until forwarded to a user' }),
  state: Enum(['PENDING', 'APPROVED', 'REJECTED', 'SENT_BACK', 'WITHDRAWN', 'WAITING']),
  assignedTo: Nullable(Type.String({ description: 'The user it was forwarded to; null while the team holds it' })),
  assignedTeam: Nullable(Type.String()),
  maker: Nullable(Type.String({ description: 'Who submitted it for approval (maker-checker)' })),
  raisedAt: Nullable(Type.String({ format: 'date-time' })),
  decidedBy: Nullable(Type.String()),
  decidedAt: Nullable(Type.String({ format: 'date-time' })),
  comment: Type.String({ description: 'The decider\'s comment or reason' }),
  exceptions: Type.Array(Type.Object({ key: Type.String(), reason: Type.String() })),
  forwards: Type.Array(Forward),
  escalatedFrom: Nullable(Type.Object(
    { role: Type.String(), name: Type.String(), reason: Type.String() },
    { description: 'The level the matrix named, when nobody but the makers could decide it and it went up the hierarchy to assignedTo' },
  )),
  recommendation: Nullable(Type.Object(
    { kind: Enum(['DECLINE']), reasonCode: Type.String(), reason: Type.String({ description: 'The decline reason as configured' }), note: Type.String({ description: "The officer's comment" }) },
    { description: "An officer's decline waiting for a second person: approve confirms it (REJECTED), reject or send_back leaves the application ACTIVE" },
  )),
};

/** An approval or raised exception as an action answers it. */
export const Approval = Type.Object(entry, { description: 'One level of an approval chain, or raised exceptions' });

/** …and as getApprovals lists it, with what the caller may do while it is open. */
export const ChainEntry = Type.Object({
  ...entry,
  actions: Nullable(Type.Object({
    decide: Type.Boolean({ description: 'approve / reject / send_back are offered (the maker still gets the maker-checker refusal)' }),
    forward: Type.Boolean(),
    forwardTo: Type.Array(Candidate, { description: 'Users it may be forwarded to' }),
  })),
});

export const Approvals = Type.Object({
  application_id: Type.String(),
  verNum: Type.Integer(),
  subStatus: Nullable(Enum(['QUERIES', 'APPROVAL'])),
  openApprovals: Type.Integer(),
  openExceptions: Type.Integer(),
  chain: Type.Array(ChainEntry, { description: 'Every round, oldest first; levels still to come as WAITING' }),
  exceptions: Type.Array(ChainEntry, { description: 'Raised exceptions (RAISE_EXCEPTIONS), oldest first' }),
});

export const Changed = Type.Object({
  data: Type.Object({ approval: Approval, next: Nullable(Approval) }),
  application: ApplicationState,
  message: Type.String(),
});

export const Comment = Type.Optional(Words(2000, 'A comment for the chain'));
export const Reason = Words(2000, 'Why (required)');
export { SubTaskId, UserName };
