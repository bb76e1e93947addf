import type { Db, Queryable } from '../../db/db';
import { isStaff, mayAct, type CurrentUser } from '../current-user';
import { permissionMissing, staleVersion } from '../errors';
import { writeAudits, type FieldChange } from '../applications/audit';
import { notify, type Notice } from '../applications/notify';
import { publishNotifications } from '../notifications/bus';
import { notifyFollowers } from '../notifications/followers';
import type { NotificationRow } from '../notifications/notifications';
import { findApplication, type ApplicationRow } from '../applications/row';
import { subStatusOf } from '../applications/view';
import { currentTask } from '../lifecycle/tasks';
import { worklogColumns, type Worklog } from './worklog-text';

/** What a task change works with inside its transaction. */
export interface TaskChange {
  tx: Queryable;
  app: ApplicationRow;
  user: CurrentUser;
  now: Date;
  /** Audit rows beyond the '_action' one (field key, old, new). */
  changes: FieldChange[];
  notices: Notice[];
  worklog: Worklog;
  /** The task the worklog entry is about. */
  taskId: string | null;
  /**
   * False for a change that is only its maker's business (a snooze: a personal review date), so the application's
   * followers are not told either; the notices above are still written.
   */
  tellFollowers: boolean;
}

/** The application as a change left it: what the client needs to keep working on it without a reload. */
export interface ApplicationState {
  application_id: string;
  verNum: number;
  openQueries: number;
  openApprovals: number;
  subStatus: 'QUERIES' | 'APPROVAL' | null;
}

/**
 * One task or query change in one transaction, the way the §4 actions run (domain/applications/actions.ts): lock
 * the application row, check verNum (a stale one is 409 and nothing is written), apply the change, bump verNum,
 * then write the audit rows, a worklog entry and the notifications. The open-query counts and holders on the row
 * follow through the sub_tasks trigger (011_sub_task_holders.sql) in the same transaction.
 */
export async function changeApplication<T>(
  db: Db,
  user: CurrentUser,
  input: { application_id: string; verNum: number },
  action: string,
  detail: Record<string, unknown>,
  run: (c: TaskChange) => Promise<T>,
  now = new Date(),
): Promise<{ data: T; application: ApplicationState }> {
  // The route's access rule checked this already; the domain does not rely on it.
  if (!isStaff(user) || !mayAct(user)) throw permissionMissing('APPLICATIONS_ACTIONS');
  let written: NotificationRow[] = [];
  const result = await db.transaction(async (tx) => {
    const app = await findApplication(tx, input.application_id, true);
    if (input.verNum !== app.ver_num) throw staleVersion(app.application_id, input.verNum, app.ver_num);
    const c: TaskChange = { tx, app, user, now, changes: [], notices: [], worklog: action, taskId: app.cur_task_id, tellFollowers: true };
    const data = await run(c);
    const { rows } = await tx.query<ApplicationRow>(
      `UPDATE applications SET ver_num = ver_num + 1, mod_time = $2 WHERE application_id = $1 RETURNING *`,
      [app.application_id, now],
    );
    const after = rows[0];
    await writeAudits(tx, app.application_id, action, user.userName, now, c.changes, detail);
    const [comment, text] = await worklogColumns(tx, c.worklog);
    await tx.query(`INSERT INTO worklogs (application_id, task_id, user_id, action, comment, at, text) VALUES ($1,$2,$3,$4,$5,$6,$7)`, [
      app.application_id, c.taskId, user.userName, action, comment, now, text,
    ]);
    written = await notify(tx, app.application_id, user.userName, c.notices, now);
    if (c.tellFollowers) written.push(...(await notifyFollowers(tx, { applicationId: app.application_id, sender: user.userName, action, at: now, alreadyTold: c.notices.map((n) => n.user) })));
    const task = await currentTask(tx, after.cur_task_id);
    return {
      data,
      application: {
        application_id: after.application_id,
        verNum: after.ver_num,
        openQueries: after.open_queries,
        openApprovals: after.open_approvals,
        subStatus: subStatusOf(after, task),
      },
    };
  });
  // Pushed to the recipients' sockets only once stored (domain/notifications/bus.ts).
  publishNotifications(db, written);
  return result;
}
