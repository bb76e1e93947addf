import { Type } from '@sinclair/typebox';
import { APPLICATION_STATUSES } from '@lendline/shared/contract';
import { Enum, Json, Nullable } from './schemas';

/**
 * The application and its lists as every area answers them (backstage lists and detail, tasks, managers, leads). Replies name what the clients read (mf-applications,
 * mf-tasks, the shell) with their real nullability: Fastify serializes from these schemas, and a string schema
 * would turn a null into "" — so every field the database may leave empty says so.
 */

const Str = () => Type.String();
const NStr = () => Nullable(Type.String());
/** A bigserial id: a number on the embedded database, text on PostgreSQL (node-postgres keeps int8 exact). */
export const RowId = Type.Union([Type.Integer(), Type.String()], { description: 'Row id' });

export const UserRef = Type.Object({ id: Str(), username: Str(), displayName: Str() }, { description: '§3 initiatedBy' });
const Status = Enum(APPLICATION_STATUSES);

/** The SLA state by the application's status (shared/src/sla/state.ts SlaState), the same in every answer. */
export const SlaState = Type.Object(
  {
    state: Enum(['ON_TRACK', 'AT_RISK', 'BREACHED', 'PAUSED', 'CLOSED', 'NO_SLA']),
    status: Status,
    openedAt: Type.String({ format: 'date-time' }),
    closedAt: Nullable(Type.String({ format: 'date-time' })),
    dueAt: Nullable(Type.String({ format: 'date-time', description: 'Due time of the running clock' })),
    limitMins: Nullable(Type.Integer({ description: 'Limit of the running clock (At risk: its last 20%)' })),
    heldSince: Nullable(Type.String({ format: 'date-time', description: 'On hold since' })),
    waitingSince: Nullable(Type.String({ format: 'date-time', description: 'Waiting on the applicant since' })),
    excludedMins: Type.Integer({ description: 'Time on hold and waiting on the applicant, not counted' }),
    pausedSince: Nullable(Type.String({ format: 'date-time' })),
    pauseReason: Nullable(Enum(['ON_HOLD', 'WAITING_ON_APPLICANT'])),
    tookMins: Nullable(Type.Integer({ description: 'CLOSED: the bank\'s time from opening to closing' })),
  },
  { description: 'SLA state: ACTIVE runs (ON_TRACK, AT_RISK, BREACHED), INACTIVE or waiting on the applicant is PAUSED, a closed status is CLOSED' },
);

/** One list row (domain/lists/list-service.ts ListItem; GraphQL's ApplicationListItem): the keys table configs name. */
export const ListItem = Type.Object(
  {
    application_id: Str(),
    product_code: Str(),
    application_status: Status,
    applicationType: Enum(['APPLICATION', 'LEAD']),
    singleORjoint: Enum(['Single', 'Joint']),
    applicant_name: Str(),
    applicant: Type.Object({ name: Str(), mobile: NStr(), email: NStr() }, { description: 'The primary applicant' }),
    stage: Type.Integer({ description: 'Index of the current lifecycle step' }),
    verNum: Type.Integer(),
    flowVerNum: Type.Integer(),
    customFields: Json('The application\'s answers by field key (a column key customFields.{key} reads one)'),
    loanAmount: Nullable(Type.Number()),
    cre_time: Type.String({ format: 'date-time' }),
    mod_time: Type.String({ format: 'date-time' }),
    initiatedBy: Nullable(UserRef),
    branch: NStr(),
    taskId: NStr(),
    stepName: NStr(),
    taskName: NStr(),
    progress: Nullable(Type.String({ description: 'The current task\'s progress (In Progress, Pending, …)' })),
    assignedTo: NStr(),
    assignedTeam: NStr(),
    slaDueAt: Nullable(Type.String({ format: 'date-time' })),
    slaBreached: Type.Boolean(),
    sla: SlaState,
    openQueries: Type.Integer(),
    openApprovals: Type.Integer(),
    openExceptions: Type.Integer(),
  },
  { description: 'One list row: the §3 Application\'s list columns' },
);

/** §9 keyset paging (shared ListPageInfo). */
export const PageInfo = Type.Object(
  { pageSize: Type.Integer(), nextCursor: NStr(), hasMore: Type.Boolean() },
  { description: 'Pass nextCursor back as pagination.cursor for the next page' },
);

/** The §3 Application list result's counts (shared ApplicationListResult without data). */
export const Counts = {
  count: Type.Integer(),
  stageWise: Type.Array(Type.Object({ stepName: Str(), count: Type.Integer() })),
  taskNameWise: Type.Array(Type.Object({ taskName: Str(), count: Type.Integer() })),
  versionNumberWise: Type.Array(Type.Object({ versionNumber: Type.Integer(), count: Type.Integer() })),
  closedCount: Type.Optional(Type.Integer({ description: 'How many of the same list are COMPLETED' })),
};

/** A list page: rows and page info, and the counts unless the call said counts: false. */
export const ListPage = Type.Object(
  {
    listType: Type.Optional(Type.String({ description: 'The list type the page is of' })),
    data: Type.Array(ListItem),
    pageInfo: PageInfo,
    ...Object.fromEntries(Object.entries(Counts).map(([k, v]) => [k, k === 'closedCount' ? v : Type.Optional(v)])),
  },
  { description: '§3 Application list result plus the keyset page info' },
);

/** A list call answers a page, or with export: true the whole list as NDJSON (one row per line, streamed). */
export const ListOrExport = {
  description: 'A page of the list; with export: true, every row of the list as NDJSON (attachment)',
  content: {
    'application/json': { schema: ListPage },
    'application/x-ndjson': { schema: Type.String({ description: 'One list row (as in data) per line' }) },
  },
};

/** The §3 Application as GET /v3/application/{id} answers it (domain/applications/view.ts buildView). */
export const ApplicationView = Type.Object(
  {
    application_id: Str(),
    product_code: Str(),
    product_name: Type.Optional(Str()),
    product_type_code: Type.Optional(Str()),
    maximumJointApplicants: Type.Optional(Type.Integer()),
    application_status: Status,
    applicationType: Enum(['APPLICATION', 'LEAD']),
    singleORjoint: Enum(['Single', 'Joint']),
    applicant: Json('The applicant list (§3): primary, co-applicants, guarantors, with their answers'),
    existing_or_new_customer: Type.Optional(Json('new or existing')),
    campaign_id: Type.Optional(Json('Campaign the application came from')),
    source_id: Type.Optional(Json('Channel the application came from (BRANCH, PORTAL, …)')),
    section_id: Type.Optional(Json('Section the form was last at')),
    sub_section_id: Type.Optional(Json('Sub-section the form was last at')),
    flowId: NStr(),
    flowName: Type.Optional(Json('Name of the application\'s flow')),
    startRoute: Type.Optional(Json('Route the flow starts at')),
    custom_route: Type.Optional(Json('Custom route of the flow')),
    section_size: Type.Optional(Type.Integer()),
    verNum: Type.Integer({ description: 'The version to send with the next write' }),
    ver_num: Type.Integer(),
    flowVerNum: Type.Integer(),
    mod_time: Type.String({ format: 'date-time' }),
    cre_time: Type.String({ format: 'date-time' }),
    initiatedBy: Type.Optional(UserRef),
    userDetails: Json('The initiator\'s details (branch)'),
    customFields: Json('The application\'s answers by field key'),
    verifications: Json('§3 verifications: key, isVerified, output'),
    progress: Json('§3 progress: sections with their status and components'),
    callback: Json('A requested callback (status, at, by), or null'),
    leadInfo: Type.Optional(Type.Object({
      contact: Json('A lead\'s preferred contact (preferredContact PHONE, EMAIL or BRANCH_VISIT; contactNotes), or null'),
      convertedTo: Nullable(Type.String({ description: 'The application a lead was converted to' })),
      convertedFrom: Nullable(Type.String({ description: 'The lead an application was converted from' })),
    })),
    appLifeCycle: Json('§3 AppLifeCycle: stage and steps with their assignmentInfo'),
    currentTask: Json('The current §3 Task with its SLA parts, or null'),
    sla: SlaState,
    tasks: Json('Every §3 Task of the application'),
    openQueries: Type.Integer(),
    openApprovals: Type.Integer(),
    openExceptions: Type.Integer(),
    subStatus: Nullable(Enum(['QUERIES', 'APPROVAL'])),
    assignedToCurrentUser: Type.Boolean({ description: '§4: the current task is assigned to the caller' }),
    editableBackstageForm: Type.Boolean({ description: '§4: the form may be edited at this stage' }),
    canSave: Type.Boolean(),
    canAct: Type.Boolean(),
    draft: Type.Optional(Type.Boolean({ description: 'A portal application without the identity asked first: in no queue yet (Drafts)' })),
  },
  { description: '§3 Application with its lifecycle, tasks and the §4 flags for the caller' },
);

/** The application after a change: the version for its next write, its open counts and §2 sub-status. */
export const ApplicationState = Type.Object({
  application_id: Type.String(),
  verNum: Type.Integer({ description: 'The version to send with the next write' }),
  openQueries: Type.Integer(),
  openApprovals: Type.Integer(),
  subStatus: Nullable(Enum(['QUERIES', 'APPROVAL'])),
});

/** The reply of a write to an application: what it changed (data), the application's new state and a message. */
export const Changed = <T extends ReturnType<typeof Type.Object>>(data: T) => Type.Object({ data, application: ApplicationState, message: Type.String() });
