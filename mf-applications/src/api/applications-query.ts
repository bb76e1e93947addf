import { LISTS, api, type ApplicationListResult, type ListFilter, type ListPageInfo, type ListQueryInput, type ListType } from '@lendline/shared';

/** One row of a list as the server sends it: the §3 Application's list columns (keys of the table config). */
export type ListRow = Record<string, unknown> & { application_id: string };

/** The user's sort of a list (remembered per list): a column key of the table config. */
export interface SortSpec {
  field: string;
  order: 'ASC' | 'DESC';
}

/** The sort the server takes: the column's sort field, order asc or desc. */
export interface ServerSort {
  field: string;
  order: 'asc' | 'desc';
}

/** §3 List query inputs plus what the page needs beyond them: sort and the filter list of §5. */
export interface ApplicationsInput extends Omit<ListQueryInput, 'filter'> {
  queryType: ListType;
  filter?: ListFilter[];
  sort?: ServerSort;
  /** Local search text: sent to /backstage/localSearch instead of the query (see fetch-list-page). */
  searchText?: string;
  /** The Drafts: portal applications without the identity asked first, which no list counts as work. */
  drafts?: boolean;
}

export interface ApplicationsResult extends ApplicationListResult<ListRow> {
  pageInfo?: ListPageInfo;
  /** False when the reply had no count (local search pages): count is then only a lower bound. */
  countKnown?: boolean;
}

/**
 * The applications query (§7: POST /v3/graphql, body encrypted as {data}). Rows select every field of the
 * server's ApplicationListItem — the keys table configs name as columns (customFields is a JSON scalar, so a
 * column customFields.{key} reads from it) — so any list's columns, the actions (verNum, taskId, assignedTo) and
 * the export read the same row. One literal, no interpolation: the server's tests run this very document.
 */
export const APPLICATIONS_QUERY = `query Applications($input: ApplicationsInput!) {
  applications(input: $input) {
    data {
      application_id product_code application_status applicationType singleORjoint applicant_name
      applicant { name mobile email }
      stage verNum flowVerNum customFields loanAmount cre_time mod_time
      initiatedBy { id username displayName }
      branch taskId stepName taskName progress assignedTo assignedTeam slaDueAt slaBreached
      openQueries openApprovals openExceptions
      sla { state status openedAt closedAt dueAt limitMins heldSince waitingSince excludedMins pausedSince pauseReason tookMins }
    }
    count
    stageWise { stepName count }
    taskNameWise { taskName count }
    versionNumberWise { versionNumber count }
    closedCount
    pageInfo { pageSize nextCursor hasMore }
  }
}`;

/** The inputs the GraphQL ApplicationsInput type has: a typed input object refuses any other key. */
const GRAPHQL_INPUT_KEYS = new Set([
  'queryType', 'product_code', 'applicant', 'userIds', 'progress', 'allowedUsers', 'teams', 'stepName', 'taskName',
  '_applicationStatus', '_verNum', 'counts', 'drafts',
]);

/**
 * The query's $input from the page's input: only what ApplicationsInput declares (the search text goes to local
 * search, export to its own call), filters and paging reduced to their declared fields (a saved filter may carry
 * more).
 */
export function graphQlInput(input: ApplicationsInput): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) if (GRAPHQL_INPUT_KEYS.has(key) && value !== undefined) out[key] = value;
  if (input.filter) out.filter = input.filter.map(({ field, operator, value, type }) => ({ field, operator, value, ...(type ? { type } : {}) }));
  if (input.pagination) {
    const { pageSize, cursor, page } = input.pagination;
    out.pagination = { pageSize, ...(cursor ? { cursor } : {}), ...(page != null ? { page } : {}) };
  }
  if (input.sort) out.sort = { field: input.sort.field, order: input.sort.order };
  return out;
}

interface GraphQlReply<T> {
  data?: T | null;
  errors?: { message: string }[];
}

export class GraphQlError extends Error {}

export async function fetchApplications(input: ApplicationsInput, signal?: AbortSignal): Promise<ApplicationsResult> {
  const reply = await api.post<GraphQlReply<{ applications: ApplicationsResult }>>(
    LISTS.graphql,
    { query: APPLICATIONS_QUERY, variables: { input: graphQlInput(input) } },
    { encrypt: true, signal },
  );
  if (reply.errors?.length) throw new GraphQlError(reply.errors.map((e) => e.message).join('; '));
  const result = reply.data?.applications;
  if (!result) throw new GraphQlError('The applications query returned no result');
  return normalise(result);
}

/** Counts default to empty lists so the page never branches on a missing group. */
export function normalise(r: Partial<ApplicationsResult>): ApplicationsResult {
  return {
    data: r.data ?? [],
    count: r.count ?? (r.data?.length ?? 0) + (r.pageInfo?.hasMore ? 1 : 0),
    countKnown: r.count != null,
    stageWise: r.stageWise ?? [],
    taskNameWise: r.taskNameWise ?? [],
    versionNumberWise: r.versionNumberWise ?? [],
    closedCount: r.closedCount,
    pageInfo: r.pageInfo,
  };
}

/** Reads a column value by its table-config key (a row key, or a dotted path such as customFields.loanAmount). */
export function cellValue(row: Record<string, unknown>, key: string): unknown {
  if (key in row) return row[key];
  let v: unknown = row;
  for (const part of key.split('.')) {
    if (v == null || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[part];
  }
  return v;
}

/** The version the row was read at: every action sends it back for optimistic concurrency. */
export function rowVersion(row: ListRow): number {
  return Number(row.verNum ?? row.ver_num ?? 0);
}
