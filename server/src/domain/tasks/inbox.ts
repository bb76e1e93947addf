import type { Queryable } from '../../db/db';
import { isStaff, teamIds, type CurrentUser } from '../current-user';
import { visibleSql } from '../access/visibility';
import { staffOnly } from '../errors';
import { cursorKey } from '../lists/cursor';
import { decodePageCursor, encodePageCursor } from './inbox-cursor';
import { slaOfRow, type SlaRowColumns } from '../lifecycle/sla-state';
import type { InboxBucket, InboxItem, InboxKind, InboxScope, InboxTab } from '@lendline/shared/contract';

// The wire types are the contract's (one definition for the server and mf-tasks).
export type { InboxBucket, InboxItem, InboxKind, InboxScope, InboxTab };

/**
 * The task inbox (GET /v3/taskconfigs/inbox): what the caller holds — their tasks and sub-tasks (queries,
 * approvals) across applications — in a §4 review bucket, sorted by the §4 SLA due time.
 *
 * Shape: one SOURCE per kind, each a keyset walk down its own partial index (046_task_inbox.sql: holder, due,
 * key) for each holder the caller stands for (themself, or 'team:<id>' for their teams), stopping at the page
 * size; the branches are merged by UNION ALL and cut to the page. A page therefore reads at most
 * holders × kinds × (page + 1) index entries whatever its depth. A new kind (an approvals table of its own) is one
 * more entry of SOURCES with its index.
 *
 * Order: (due, rank of the kind, key), due 'infinity' (no limit enabled) last. The cursor carries that triple.
 */
export const INBOX_KINDS: readonly InboxKind[] = ['task', 'query', 'approval'];

interface Source {
  kind: InboxKind;
  rank: number;
  /** Whether the kind has review dates (§4: a snoozed task is in Future until its date); the others are always Today. */
  reviewable: boolean;
  /** The key column and its type (the cursor's third part). */
  key: string;
  keyType: 'text' | 'bigint';
  due: string;
  holder: string;
  /** FROM … WHERE of one holder's rows; `h.holder` is the holder, the rest of the condition is appended. */
  from: string;
  /** The columns of an item, in ITEM_COLUMNS order. */
  columns: string;
  review: string | null;
}

/** Columns every branch yields (the merged order and the item the client gets). */
const ITEM_COLUMNS = 'kind, rank, knum, ktext, due, review_at, application_id, item_id, task_id, title, step_name, holder, raised_by, actions';

const subTaskColumns = (kind: InboxKind, rank: number) =>
  `'${kind}'::text, ${rank}, s.id, ''::text, s.inbox_due, NULL::timestamptz, s.application_id, s.id::text, s.task_id,
   coalesce(s.body->>'subject', s.body->>'question', s.body->>'reason', initcap(s.kind)), coalesce(t.step_name, ''), s.inbox_holder, s.raised_by, '[]'::jsonb`;

/** One entry per kind; the order of this list is the tie-break at an equal due time. */
export const SOURCES: Source[] = [
  {
    kind: 'task', rank: 0, reviewable: true, key: 't.task_id', keyType: 'text', due: 't.inbox_due', holder: 't.inbox_holder',
    from: `tasks t JOIN applications a ON a.application_id = t.application_id WHERE t.inbox_holder = h.holder`,
    columns: `'task'::text, 0, NULL::bigint, t.task_id, t.inbox_due, t.active_on, t.application_id, t.task_id, t.task_id, t.name, t.step_name, t.inbox_holder, NULL::text, t.actions`,
    review: 't.active_on',
  },
  {
    kind: 'query', rank: 1, reviewable: false, key: 's.id', keyType: 'bigint', due: 's.inbox_due', holder: 's.inbox_holder',
    from: `sub_tasks s JOIN applications a ON a.application_id = s.application_id LEFT JOIN tasks t ON t.task_id = s.task_id
           WHERE s.inbox_holder = h.holder AND s.status = 'OPEN' AND s.kind = 'QUERY'`,
    columns: subTaskColumns('query', 1),
    review: null,
  },
  {
    kind: 'approval', rank: 2, reviewable: false, key: 's.id', keyType: 'bigint', due: 's.inbox_due', holder: 's.inbox_holder',
    from: `sub_tasks s JOIN applications a ON a.application_id = s.application_id LEFT JOIN tasks t ON t.task_id = s.task_id
           WHERE s.inbox_holder = h.holder AND s.status = 'OPEN' AND s.kind IN ('APPROVAL', 'EXCEPTION')`,
    columns: subTaskColumns('approval', 2),
    review: null,
  },
];

export interface InboxInput {
  bucket: InboxBucket;
  kinds: InboxKind[];
  scope: InboxScope;
  limit: number;
  cursor?: string;
}

/** The application's SLA columns (lifecycle/sla-state.ts), so a task item shows the same state as the lists. */
const APP_SLA_NAMES = 'status, created_at, closed_at, sla_due_at, sla_limit_mins, sla_paused_at, held_since, sla_excluded_secs';
const APP_SLA_COLUMNS = APP_SLA_NAMES.split(', ').map((c) => `a.${c}`).join(', ');

interface Row extends SlaRowColumns {
  kind: InboxKind;
  rank: number;
  knum: string | null;
  ktext: string;
  due: Date | string;
  due_text: string;
  review_at: Date | string | null;
  application_id: string;
  item_id: string;
  task_id: string | null;
  title: string;
  step_name: string;
  holder: string;
  raised_by: string | null;
  actions: { type: string; value: string }[];
  applicant_name: string;
  product_code: string;
  ver_num: number;
}

/** The holders a caller stands for in a scope (011's notation: a user name, or 'team:<id>'). */
export function holdersOf(user: CurrentUser, scope: InboxScope): string[] {
  const teams = teamIds(user).map((t) => `team:${t}`);
  return scope === 'mine' ? [user.userName] : scope === 'teams' ? teams : [user.userName, ...teams];
}

const isInfinite = (d: Date | string) => (d instanceof Date ? !Number.isFinite(d.getTime()) : /infinity/i.test(String(d)));

/** Which tab of the detail page an item is worked in. */
function tabOf(r: Row, now: Date): InboxTab {
  if (r.kind === 'query') return 'queries';
  if (r.kind === 'approval') return 'approvals';
  return r.review_at && new Date(r.review_at).getTime() > now.getTime() ? 'snooze' : 'relatedTasks';
}

/**
 * One page of the caller's inbox. Visibility is the one read rule (domain/access/visibility.ts) in SQL, so an
 * item of an application the caller may no longer open (moved to another branch) is not listed.
 */
export async function inboxPage(q: Queryable, user: CurrentUser, input: InboxInput, now = new Date()) {
  if (!isStaff(user)) throw staffOnly();
  const kinds = input.kinds.length ? input.kinds : [...INBOX_KINDS];
  const scopeKey = `inbox|${user.userName}|${input.bucket}|${[...kinds].sort().join(',')}|${input.scope}`;
  const key = await cursorKey(q);
  const after = decodePageCursor(key, scopeKey, input.cursor);
  const params: unknown[] = [];
  const p = (v: unknown) => `$${params.push(v)}`;
  const holders = p(holdersOf(user, input.scope));
  const limit = p(input.limit + 1);
  let nowParam: string | null = null;
  const nowP = () => (nowParam ??= `${p(now.toISOString())}::timestamptz`);
  const visible = visibleSql(p, user, 'a') ?? 'true';

  const branches: string[] = [];
  for (const s of SOURCES) {
    if (!kinds.includes(s.kind)) continue;
    if (input.bucket === 'Future' && !s.reviewable) continue;
    const where = [visible, `a.status = 'ACTIVE'`];
    if (s.review && input.bucket === 'Today') where.push(`(${s.review} IS NULL OR ${s.review} <= ${nowP()})`);
    // IS NOT NULL lets the planner prove the snoozed-tasks partial index (046) for the Future walk.
    if (s.review && input.bucket === 'Future') where.push(`${s.review} IS NOT NULL AND ${s.review} > ${nowP()}`);
    if (after) {
      const [d, r, k] = after as [string, number, string];
      const dueP = `${p(d)}::timestamptz`;
      if (s.rank < r) where.push(`${s.due} > ${dueP}`);
      else if (s.rank > r) where.push(`${s.due} >= ${dueP}`);
      else where.push(`(${s.due}, ${s.key}) > (${dueP}, ${p(k)}::${s.keyType})`);
    }
    branches.push(`(SELECT x.* FROM unnest(${holders}::text[]) AS h(holder) CROSS JOIN LATERAL (
        SELECT ${s.columns}, a.applicant_name, a.product_code, a.ver_num, ${APP_SLA_COLUMNS} FROM ${s.from} AND ${where.join(' AND ')}
         ORDER BY ${s.due}, ${s.key} LIMIT ${limit}) AS x(${ITEM_COLUMNS}, applicant_name, product_code, ver_num, ${APP_SLA_NAMES}))`);
  }
  if (!branches.length) return { data: [] as InboxItem[], pageInfo: { nextCursor: null as string | null, hasMore: false } };
  const { rows } = await q.query<Row>(
    `SELECT u.*, u.due::text AS due_text FROM (${branches.join(' UNION ALL ')}) u ORDER BY u.due, u.rank, u.knum, u.ktext LIMIT ${limit}`,
    params,
  );
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  const last = page[page.length - 1];
  const nextCursor = hasMore && last ? encodePageCursor(key, scopeKey, [last.due_text, last.rank, last.knum ?? last.ktext]) : null;
  return { data: page.map((r) => toItem(r, now)), pageInfo: { nextCursor, hasMore } };
}

function toItem(r: Row, now: Date): InboxItem {
  const due = isInfinite(r.due) ? null : new Date(r.due);
  const review = r.review_at ? new Date(r.review_at) : null;
  const team = r.holder.startsWith('team:') ? r.holder.slice(5) : null;
  // A task's SLA is its application's: paused on hold or while waiting on the applicant, never breached then.
  const sla = r.kind === 'task' ? slaOfRow(r, now.getTime()) : null;
  return {
    kind: r.kind,
    id: r.item_id,
    application_id: r.application_id,
    applicantName: r.applicant_name,
    productCode: r.product_code,
    verNum: r.ver_num,
    taskId: r.task_id,
    title: r.title,
    stepName: r.step_name,
    dueAt: due ? due.toISOString() : null,
    breached: sla ? sla.state === 'BREACHED' : !!due && due.getTime() < now.getTime(),
    sla,
    reviewAt: review ? review.toISOString() : null,
    bucket: review && review.getTime() > now.getTime() ? 'Future' : 'Today',
    heldBy: { user: team ? null : r.holder, team },
    raisedBy: r.raised_by,
    actions: Array.isArray(r.actions) ? r.actions : [],
    tab: tabOf(r, now),
  };
}
