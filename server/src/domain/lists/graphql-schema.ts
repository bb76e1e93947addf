import { buildSchema, execute, GraphQLError, Kind, parse, validate, type DocumentNode, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import type { Queryable } from '../../db/db';
import type { CurrentUser } from '../current-user';
import { HttpError, refusedMany } from '../errors';
import { applicationView } from '../applications/view';
import { buildListRequest, fetchCounts, fetchPage } from './list-service';

/**
 * The list GraphQL of §7 (POST /v3/graphql) on graphql-js: `applications(...)` with the §3 list query inputs and
 * result, and `application(application_id)` with its appLifeCycle. The SDL below is the contract; it is also
 * published next to the OpenAPI document. Rows are typed (ApplicationListItem) so a client selects the columns
 * its table config shows; free-form parts of the §3 Application (customFields, applicant list, verifications,
 * progress, tasks) travel as the JSON scalar.
 */
export const LIST_SDL = /* GraphQL */ `
"Any JSON value: free-form parts of the §3 Application (customFields, applicants, verifications, progress, tasks)."
scalar JSON

"The nine list types of §2."
enum ListType { TEAM_APPLICATIONS TEAM_LEADS MY_APPLICATIONS MY_LEADS MY_QUERIES MY_APPROVALS ALL_APPLICATIONS REJECTED CANCELLED }

"§3/§4 application statuses."
enum ApplicationStatus { ACTIVE CANCELLED REJECTED DELETED COMPLETED INACTIVE }

"§5 filter operators."
enum FilterOperator { EQUAL NOT_EQUAL GREATER_THAN LESS_THAN GREATER_THAN_OR_EQUAL LESS_THAN_OR_EQUAL CONTAINS ENDS_WITH }

enum FilterFieldType { amount text date dropdown }

"One §5 filter: a core field or customFields.{key}. value is a string, a number, or (dropdown EQUAL/NOT_EQUAL) a list."
input ListFilterInput { field: String!, operator: FilterOperator!, value: JSON!, type: FilterFieldType }

"Keyset paging: pass pageInfo.nextCursor back as cursor. pageSize is one of 5, 10, 25, 50, 100 (§9)."
input PaginationInput { pageSize: Int, cursor: String, page: Int }

"Sort by an indexed column (application_id, applicant_name, loanAmount, slaDueAt, cre_time); order asc or desc."
input SortInput { field: String!, order: String }

"§3 List query inputs (queryType chooses the list), plus sort and counts: false to skip the counts."
input ApplicationsInput {
  queryType: ListType
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
}

type ApplicantSummary { name: String, mobile: String, email: String }
type UserRef { id: String, username: String, displayName: String }

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
    queryType: ListType
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
  ): ApplicationList!
  "One application the caller may open, with its lifecycle."
  application(application_id: String!): Application!
}
`;

const schema = buildSchema(LIST_SDL);

/** A client sends the same few documents again and again: parse and validate each once. */
const documents = new Map<string, DocumentNode | readonly GraphQLError[]>();
const MAX_CACHED = 200;
/** Top-level fields per request: each is a list query of its own, so a document cannot ask for hundreds. */
const MAX_ROOT_FIELDS = 5;

function compile(query: string): DocumentNode | readonly GraphQLError[] {
  const hit = documents.get(query);
  if (hit) return hit;
  let result: DocumentNode | readonly GraphQLError[];
  try {
    const doc = parse(query, { maxTokens: 5000 });
    const errors = validate(schema, doc);
    result = errors.length ? errors : doc;
  } catch (e) {
    result = [e instanceof GraphQLError ? e : new GraphQLError(String(e))];
  }
  if (documents.size >= MAX_CACHED) documents.delete(documents.keys().next().value!);
  documents.set(query, result);
  return result;
}

/** Names selected directly under a field; null (= everything) when fragments make that unknowable cheaply. */
function selectedNames(set: SelectionSetNode | undefined): Set<string> | null {
  if (!set) return null;
  const names = new Set<string>();
  for (const s of set.selections) {
    if (s.kind !== Kind.FIELD) return null;
    names.add(s.name.value);
  }
  return names;
}

const COUNT_FIELDS = ['count', 'stageWise', 'taskNameWise', 'versionNumberWise', 'closedCount'];

interface Context { q: Queryable; user: CurrentUser }

const rootValue = {
  async applications(args: Record<string, unknown>, ctx: Context, info: GraphQLResolveInfo) {
    const { input, ...flat } = args;
    const listInput = { ...flat, ...(input && typeof input === 'object' ? (input as Record<string, unknown>) : {}) };
    const req = await buildListRequest(ctx.q, ctx.user, listInput);
    const wanted = selectedNames(info.fieldNodes[0].selectionSet);
    const page = !wanted || wanted.has('data') || wanted.has('pageInfo') ? await fetchPage(ctx.q, req) : null;
    const counts = listInput.counts !== false && (!wanted || COUNT_FIELDS.some((k) => wanted.has(k)))
      ? await fetchCounts(ctx.q, req, !wanted || wanted.has('closedCount'))
      : null;
    return { data: [], ...(page ?? {}), ...(counts ?? {}) };
  },
  application(args: { application_id: string }, ctx: Context) {
    return applicationView(ctx.q, args.application_id, ctx.user);
  },
};

/**
 * Runs one GraphQL request for the caller. Bad documents (syntax, unknown fields, wrong variable types) answer
 * §8's 400/1101 with one item per GraphQL error; a refusal from the domain (bad list input, an application the
 * caller may not open) keeps its own status and body; anything else is an internal error.
 */
export async function executeListQuery(q: Queryable, user: CurrentUser, query: string, variables?: Record<string, unknown>, operationName?: string | null) {
  const doc = compile(query);
  if (!('kind' in doc)) throw refusedMany(doc.map((e) => ({ label: 'query', reason: e.message })));
  const operations = doc.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION);
  if (operations.some((o) => o.kind === Kind.OPERATION_DEFINITION && o.selectionSet.selections.length > MAX_ROOT_FIELDS))
    throw refusedMany([{ label: 'query', reason: `At most ${MAX_ROOT_FIELDS} top-level fields per request` }]);
  const result = await execute({ schema, document: doc, rootValue, contextValue: { q, user } satisfies Context, variableValues: variables, operationName: operationName ?? undefined });
  if (result.errors?.length) {
    const thrown = result.errors.map((e) => e.originalError).find((e) => e != null && !(e instanceof GraphQLError));
    if (thrown instanceof HttpError) throw thrown;
    if (thrown) throw thrown;
    throw refusedMany(result.errors.map((e) => ({ label: 'query', reason: e.message })));
  }
  return { data: result.data };
}
