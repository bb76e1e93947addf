import { buildSchema, execute, getOperationAST, GraphQLError, Kind, Lexer, parse, Source, TokenKind, validate } from 'graphql';
import type { DocumentNode, FieldNode, GraphQLResolveInfo, OperationDefinitionNode, SelectionSetNode } from 'graphql';
import { APPLICATION_STATUSES, FILTER_OPERATORS, LIST_TYPES } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { refused, refusedMany } from '../errors';
import { invalidText } from '../text';
import { applicationView } from '../applications/view';
import { isStaff } from '../current-user';
import { assertCustomerHolds } from '../portal/customer-access';
import { buildListRequest, fetchCounts, fetchPage } from './list-service';
import { argumentsOf, coerceVariables, planOf, project, type RootPlan } from './graphql-list-plan';

/** The longest application id the API takes (the routes' AppId): far above any issued APP-… id. */
const MAX_APPLICATION_ID = 40;

/**
 * The list GraphQL of §7 (POST /v3/graphql) on graphql-js: `applications(...)` with the §3 list query inputs and
 * result, and `application(application_id)` with its appLifeCycle. The SDL below is the contract; it is also
 * published next to the OpenAPI document. Rows are typed (ApplicationListItem, the list row of list-service.ts) so
 * a client selects the columns its table config shows; free-form parts of the §3 Application (customFields,
 * applicant list, verifications, progress, tasks) travel as the JSON scalar. The enumerations are the shared
 * constants, so the schema cannot drift from what the lists accept.
 */
/** The §3 list query inputs: the fields of ApplicationsInput, and the same names as flat arguments of applications(...). */
const LIST_INPUTS = `  queryType: ListType
  product_code: String
  filter: [ListFilterInput!]
  applicant: String
  userIds: [String!]
  progress: [String!]
  allowedUsers: [String!]
  teams: [String!]
  stepName: String
  taskName: String
  _applicationStatus: [ApplicationStatus!]
  pagination: PaginationInput
  _verNum: Int
  sort: SortInput
  counts: Boolean
  "Drafts (portal applications without the identity asked first) instead of the list's work; they are never mixed."
  drafts: Boolean
`;

export const LIST_SDL = /* GraphQL */ `
"Any JSON value: free-form parts of the §3 Application (customFields, applicants, verifications, progress, tasks)."
scalar JSON

"The nine list types of §2."
enum ListType { ${LIST_TYPES.join(' ')} }

"§3/§4 application statuses."
enum ApplicationStatus { ${APPLICATION_STATUSES.join(' ')} }

"§5 filter operators."
enum FilterOperator { ${[...new Set(Object.values(FILTER_OPERATORS).flat())].join(' ')} }

"§5 filter field types: which operators a filter may use."
enum FilterFieldType { ${Object.keys(FILTER_OPERATORS).join(' ')} }

"One §5 filter: a core field or customFields.{key}. value is a string, a number, or (dropdown EQUAL/NOT_EQUAL) a list."
input ListFilterInput { field: String!, operator: FilterOperator!, value: JSON!, type: FilterFieldType }

"Keyset paging: pass pageInfo.nextCursor back as cursor. pageSize is one of 5, 10, 25, 50, 100 (§9)."
input PaginationInput { pageSize: Int, cursor: String, page: Int }

"Sort by an indexed column (application_id, applicant_name, loanAmount, slaDueAt, cre_time); order asc or desc."
input SortInput { field: String!, order: String }

"§3 List query inputs (queryType chooses the list), plus sort and counts: false to skip the counts."
input ApplicationsInput {
${LIST_INPUTS}}

type ApplicantSummary { name: String, mobile: String, email: String }
type UserRef { id: String, username: String, displayName: String }

"The SLA state by the application's status (shared/src/sla/state.ts): ON_TRACK, AT_RISK, BREACHED, PAUSED, CLOSED, NO_SLA."
type SlaState {
  state: String!
  status: ApplicationStatus
  openedAt: String
  closedAt: String
  dueAt: String
  limitMins: Int
  heldSince: String
  waitingSince: String
  excludedMins: Int
  pausedSince: String
  pauseReason: String
  tookMins: Int
}

"One list row: the §3 Application's list columns (the keys table configs name)."
type ApplicationListItem {
  application_id: String!
  product_code: String
  application_status: ApplicationStatus
  applicationType: String
  singleORjoint: String
  applicant_name: String
  applicant: ApplicantSummary
  stage: Int
  verNum: Int
  flowVerNum: Int
  customFields: JSON
  loanAmount: Float
  cre_time: String
  mod_time: String
  initiatedBy: UserRef
  branch: String
  taskId: String
  stepName: String
  taskName: String
  progress: String
  assignedTo: String
  assignedTeam: String
  slaDueAt: String
  slaBreached: Boolean
  sla: SlaState
  openQueries: Int
  openApprovals: Int
  openExceptions: Int
}

type StageCount { stepName: String, count: Int! }
type TaskNameCount { taskName: String, count: Int! }
type VersionCount { versionNumber: Int, count: Int! }
type PageInfo { pageSize: Int!, nextCursor: String, hasMore: Boolean! }

"§3 Application list result, plus the keyset page info."
type ApplicationList {
  data: [ApplicationListItem!]!
  count: Int
  stageWise: [StageCount!]
  taskNameWise: [TaskNameCount!]
  versionNumberWise: [VersionCount!]
  closedCount: Int
  pageInfo: PageInfo
}

type AssignmentInfo { assignedTo: String, assignedTeam: [String!], allowedUsers: [String!], progress: String, taskName: String, taskId: String }
type LifecycleStep { stepName: String!, type: String, summaryEnabled: Boolean, assignmentInfo: [AssignmentInfo!]! }
"§3 AppLifeCycle: the current stage (index) and the steps."
type AppLifeCycle { stage: Int!, steps: [LifecycleStep!]! }

"§3 Application as GET /v3/application/{id} answers it."
type Application {
  application_id: String!
  product_code: String
  product_name: String
  product_type_code: String
  maximumJointApplicants: Int
  application_status: ApplicationStatus
  applicationType: String
  singleORjoint: String
  applicant: JSON
  existing_or_new_customer: String
  campaign_id: String
  source_id: String
  section_id: String
  sub_section_id: String
  flowId: String
  flowName: String
  startRoute: String
  custom_route: String
  section_size: Int
  verNum: Int
  ver_num: Int
  flowVerNum: Int
  mod_time: String
  cre_time: String
  initiatedBy: UserRef
  userDetails: JSON
  customFields: JSON
  verifications: JSON
  progress: JSON
  callback: JSON
  appLifeCycle: AppLifeCycle!
  currentTask: JSON
  tasks: JSON
  openQueries: Int
  openApprovals: Int
  openExceptions: Int
  subStatus: String
  assignedToCurrentUser: Boolean
  editableBackstageForm: Boolean
  canSave: Boolean
  canAct: Boolean
}

type Query {
  "A page of one of the nine lists with its §3 counts. Arguments flat, or as one input object."
  applications(
    input: ApplicationsInput
${LIST_INPUTS.replace(/^/gm, '  ')}  ): ApplicationList!
  "One application the caller may open, with its lifecycle. application_id is at most ${MAX_APPLICATION_ID} characters."
  application(application_id: String!): Application!
}
`;

const schema = buildSchema(LIST_SDL);
const APPLICATIONS_FIELD = schema.getQueryType()!.getFields().applications;

/** A client sends the same few documents again and again: parse and validate each once. */
const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
const MAX_CACHED = 200;
/** Tokens of one document: the client's list query is ~60; a page of aliases is far below. */
const MAX_TOKENS = 5000;
/**
 * Nesting of selections, arguments and list/object literals: far beyond any list query (introspection needs ~10),
 * far below what graphql-js's recursive parser and validation can take (a 19,000-deep list literal overflowed).
 */
const MAX_DEPTH = 32;
/** Top-level fields per request: each is a list query of its own, so a document cannot ask for hundreds. */
const MAX_ROOT_FIELDS = 5;

const OPEN = new Set<string>([TokenKind.BRACE_L, TokenKind.BRACKET_L, TokenKind.PAREN_L]);
const CLOSE = new Set<string>([TokenKind.BRACE_R, TokenKind.BRACKET_R, TokenKind.PAREN_R]);

/** Refuses a document that nests too deeply or is too long, from its tokens alone (before any recursion). */
function assertShallow(query: string): void {
  const lexer = new Lexer(new Source(query));
  let depth = 0;
  for (let n = 0; ; n++) {
    const token = lexer.advance();
    if (token.kind === TokenKind.EOF) return;
    if (n >= MAX_TOKENS) throw new GraphQLError(`Document contains more than ${MAX_TOKENS} tokens`);
    if (OPEN.has(token.kind) && ++depth > MAX_DEPTH) throw new GraphQLError(`nests deeper than ${MAX_DEPTH} levels`);
    if (CLOSE.has(token.kind)) depth--;
  }
}

function compile(query: string): DocumentNode | readonly GraphQLError[] {
  const hit = documents.get(query);
  if (hit) return hit;
  let result: DocumentNode | readonly GraphQLError[];
  try {
    assertShallow(query);
    const doc = parse(query, { maxTokens: MAX_TOKENS });
    const errors = validate(schema, doc);
    result = errors.length ? errors : doc;
  } catch (e) {
    // parse and the lexer throw GraphQLError (a syntax error); nothing else is expected of a bounded document.
    result = [e instanceof GraphQLError ? e : new GraphQLError(String(e))];
  }
  if (documents.size >= MAX_CACHED) documents.delete(documents.keys().next().value!);
  documents.set(query, result);
  return result;
}

/** The response keys at the root of an operation, through fragments (each distinct key runs its own query). */
function rootKeys(doc: DocumentNode, operation: OperationDefinitionNode): Set<string> {
  const fragments = new Map(doc.definitions.flatMap((d) => (d.kind === Kind.FRAGMENT_DEFINITION ? [[d.name.value, d] as const] : [])));
  const keys = new Set<string>();
  const seen = new Set<string>();
  const walk = (set: SelectionSetNode) => {
    for (const s of set.selections) {
      if (s.kind === Kind.FIELD) keys.add(s.alias?.value ?? s.name.value);
      else if (s.kind === Kind.INLINE_FRAGMENT) walk(s.selectionSet);
      else if (!seen.has(s.name.value)) {
        seen.add(s.name.value);
        const fragment = fragments.get(s.name.value);
        if (fragment) walk(fragment.selectionSet);
      }
    }
  };
  walk(operation.selectionSet);
  return keys;
}

/** Names selected directly under a field; null (= everything) when fragments make that unknowable cheaply. */
function selectedNames(nodes: readonly FieldNode[]): Set<string> | null {
  const names = new Set<string>();
  for (const node of nodes) {
    for (const s of node.selectionSet?.selections ?? []) {
      if (s.kind !== Kind.FIELD) return null;
      names.add(s.name.value);
    }
  }
  return names;
}

const COUNT_FIELDS = ['count', 'stageWise', 'taskNameWise', 'versionNumberWise', 'closedCount'];

interface Context { q: Queryable; user: CurrentUser }

/**
 * applications(...): a keyset page and/or the counts of one list, reading only the parts selected (`wanted`, the
 * names under the field; null = all).
 */
async function applications(args: Record<string, unknown>, ctx: Context, wanted: Set<string> | null) {
  // The §3 inputs flat, or as one input object (which wins where both name a key).
  const { input, ...flat } = args;
  const listInput = { ...flat, ...(input && typeof input === 'object' ? input : {}) } as Record<string, unknown>;
  const req = await buildListRequest(ctx.q, ctx.user, listInput);
  const page = !wanted || wanted.has('data') || wanted.has('pageInfo') ? await fetchPage(ctx.q, req) : null;
  const counts = listInput.counts !== false && (!wanted || COUNT_FIELDS.some((k) => wanted.has(k)))
    ? await fetchCounts(ctx.q, req, !wanted || wanted.has('closedCount'))
    : null;
  return { data: [], ...page, ...counts };
}

const rootValue = {
  applications: (args: Record<string, unknown>, ctx: Context, info: GraphQLResolveInfo) => applications(args, ctx, selectedNames(info.fieldNodes)),
  application(args: { application_id: string }, ctx: Context) {
    const id = args.application_id;
    // The bound every route puts on an application id; GraphQL strings may also carry a NUL the database refuses.
    if (!id || id.length > MAX_APPLICATION_ID || invalidText(id)) throw refused('application_id', 'is not an application id');
    // The customer's appRefId is checked before the row is looked up, as the REST routes do: a foreign id and a
    // missing one both answer 403 'This application is not yours', so the answer tells nothing about which exist.
    if (!isStaff(ctx.user)) assertCustomerHolds(ctx.user, id);
    return applicationView(ctx.q, id, ctx.user);
  },
};

const asRefusal = (errors: readonly GraphQLError[]) => refusedMany(errors.map((e) => ({ label: 'query', reason: e.message })));

/** A list-page document (graphql-list-plan.ts): graphql-js coerces its inputs, the rows are copied field by field. */
async function runPlan(ctx: Context, operation: OperationDefinitionNode, plan: RootPlan[], variables?: Record<string, unknown>) {
  const coerced = coerceVariables(schema, operation, variables);
  if (coerced.errors) throw asRefusal(coerced.errors);
  const data: Record<string, unknown> = {};
  for (const root of plan) {
    let args: Record<string, unknown>;
    try {
      args = argumentsOf(APPLICATIONS_FIELD, root, coerced.coerced);
    } catch (e) {
      throw e instanceof GraphQLError ? asRefusal([e]) : e;
    }
    data[root.key] = project(await applications(args, ctx, root.selected), root.fields);
  }
  return { data };
}

/**
 * Runs one GraphQL request for the caller. Bad documents (syntax, unknown fields, mutations, wrong variable types,
 * nesting past 32 levels) answer §8's 400/1101 with one item per GraphQL error; a refusal from the domain (bad list
 * input, an application the caller may not open) keeps its own status and body; a failure while answering (the
 * database, a value the schema cannot represent) is an internal error, not the caller's.
 */
export async function executeListQuery(q: Queryable, user: CurrentUser, query: string, variables?: Record<string, unknown>, operationName?: string | null) {
  const doc = compile(query);
  if (!('kind' in doc)) throw asRefusal(doc);
  for (const d of doc.definitions) {
    if (d.kind === Kind.OPERATION_DEFINITION && rootKeys(doc, d).size > MAX_ROOT_FIELDS)
      throw refused('query', `At most ${MAX_ROOT_FIELDS} top-level fields per request`);
  }
  const ctx: Context = { q, user };
  const operation = getOperationAST(doc, operationName ?? undefined);
  const plan = operation && planOf(operation, 'applications');
  if (operation && plan) return runPlan(ctx, operation, plan, variables);
  const result = await execute({ schema, document: doc, rootValue, contextValue: ctx, variableValues: variables, operationName: operationName ?? undefined });
  if (!result.errors?.length) return { data: result.data };
  // A resolver's own error (HttpError refusals, database errors) goes to the errors plugin as it is.
  const thrown = result.errors.map((e) => e.originalError).find((e) => e != null && !(e instanceof GraphQLError));
  if (thrown) throw thrown;
  // Errors with a path arose while completing the answer: ours. Errors without one are the request's (its variables,
  // an unknown operation name).
  const ours = result.errors.find((e) => e.path);
  if (ours) throw new Error(`GraphQL could not complete ${ours.path!.join('.')}: ${ours.message}`);
  throw asRefusal(result.errors);
}
