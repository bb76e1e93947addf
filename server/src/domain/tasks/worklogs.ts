import type { WorklogEntry } from '@lendline/shared/contract';
import type { Queryable } from '../../db/db';
import { cursorKey } from '../lists/cursor';
import { decodePageCursor, encodePageCursor } from './inbox-cursor';
import { worklogTexts, type WorklogText } from './worklog-text';

/**
 * The worklogs tab: the application's timeline of every action — who, when, what — newest first, paged by id
 * (worklogs_application_idx: application_id, id, so a page is one short index walk). Every change of the server
 * writes its entry in its own transaction (tasks/change.ts, applications/actions.ts, notes.ts).
 */
export async function worklogPage(q: Queryable, applicationId: string, input: { limit: number; cursor?: string }) {
  const key = await cursorKey(q);
  const scope = `worklogs|${applicationId}`;
  const after = decodePageCursor(key, scope, input.cursor);
  const { rows } = await q.query<{ id: string; at: Date | string; user_id: string; display_name: string | null; action: string; comment: string; task_id: string | null; text: WorklogText | null }>(
    `SELECT w.id::text AS id, w.at, w.user_id, nullif(u.display_name, '') AS display_name, w.action, w.comment, w.task_id, w.text
       FROM worklogs w LEFT JOIN users u ON u.user_id = w.user_id
      WHERE w.application_id = $1 AND ($2::bigint IS NULL OR w.id < $2::bigint)
      ORDER BY w.id DESC LIMIT $3`,
    [applicationId, after ? String(after[0]) : null, input.limit + 1],
  );
  const hasMore = rows.length > input.limit;
  const page = rows.slice(0, input.limit);
  return {
    data: page.map((r): WorklogEntry => ({
      id: r.id, at: new Date(r.at).toISOString(), userId: r.user_id, userName: r.display_name ?? r.user_id, action: r.action, comment: r.comment, taskId: r.task_id,
      ...(r.text ? { texts: worklogTexts(r.text)! } : {}),
    })),
    pageInfo: { nextCursor: hasMore ? encodePageCursor(key, scope, [page[page.length - 1].id]) : null, hasMore },
  };
}
