import type { Db } from '../db/db';
import { resolveTeam, type LifecycleStepConfig } from '../domain/lifecycle/types';
import { EMPLOYMENT_TYPES, FIRST_NAMES, LAST_NAMES, TEAM_MEMBERS } from './generator-data';
import { PRODUCT_PARAMETERS } from './domain-config';
import { seedDiagnostics } from '../config/call-time';

export interface GenerateOptions {
  /** Rows per batch (one transaction each). */
  batchSize?: number;
  /** Anchor of all generated times (tests pin it). */
  now?: Date;
  /** Spread of creation times back from now. */
  spanDays?: number;
  onProgress?: (done: number, total: number) => void;
  /**
   * Drop the secondary indexes of the generated tables first and build them once at the end:
   * for large N this is several times faster than maintaining ~15 btree/GIN indexes row by row.
   */
  deferIndexes?: boolean;
  onIndexes?: (phase: 'dropped' | 'rebuilt', ms: number) => void;
}

const GENERATED_TABLES = ['applications', 'tasks', 'sub_tasks'];

/** Secondary indexes (not backing a primary key or unique constraint) of the generated tables. */
async function secondaryIndexes(db: Db): Promise<{ indexname: string; indexdef: string }[]> {
  const { rows } = await db.query<{ indexname: string; indexdef: string }>(
    `SELECT indexname, indexdef FROM pg_indexes
      WHERE schemaname = current_schema() AND tablename = ANY($1)
        AND indexname NOT IN (SELECT conname FROM pg_constraint)
      ORDER BY indexname`,
    [GENERATED_TABLES],
  );
  return rows;
}

const lit = (s: string) => `'${s.replace(/'/g, "''")}'`;
const arr = (xs: string[]) => `ARRAY[${xs.map(lit).join(',')}]::text[]`;

/** CASE over a team → one of its members picked by the random r. */
function memberOf(teamExpr: string, r: string): string {
  const arms = Object.entries(TEAM_MEMBERS).map(([team, users]) => `WHEN ${lit(team)} THEN (${arr(users)})[1 + (${r}) % ${users.length}]`);
  return `CASE ${teamExpr} ${arms.join(' ')} END`;
}

/**
 * Set-based generator: each batch is three INSERT … SELECT over generate_series (applications,
 * their tasks — completed earlier steps plus the current one — and open queries/approvals/
 * exceptions), so 1,000,000 applications are a few dozen statements, not millions of round trips.
 * Randomness is arithmetic on the row number, so a run is deterministic for a given `now`.
 */
export async function generateApplications(db: Db, total: number, opts: GenerateOptions = {}): Promise<void> {
  const batch = opts.batchSize ?? 50000;
  const now = opts.now ?? new Date();
  const spanSecs = (opts.spanDays ?? 365) * 86400;
  const { rows: lc } = await db.query<{ product_code: string; steps: LifecycleStepConfig[] }>(`SELECT product_code, steps FROM lifecycles WHERE ver_num = 243 AND mode = 'SAVED' ORDER BY product_code`);
  const products = ['PL', 'HL', 'BL'].filter((p) => lc.some((l) => l.product_code === p));
  if (!products.length) throw new Error('no lifecycles configured: seed the configuration first');
  // Steps as a VALUES list; the team of the data-entry step depends on the branch, so both are listed.
  const stepRows: string[] = [];
  for (const { product_code, steps } of lc) {
    for (const s of steps) {
      for (const branch of ['BR-NORTH', 'BR-SOUTH']) {
        const sla = s.sla;
        stepRows.push(
          `(${lit(product_code)}, ${lit(branch)}, ${s.stepNumber}, ${lit(s.stepName)}, ${lit(s.taskName)}, ${lit(resolveTeam(s.team, branch))}, ${lit(s.type)}, ${lit(s.accessControl)}, ${sla.overallMins ?? 'NULL'}::int, ${sla.queuedMins ?? 'NULL'}::int, ${sla.assignedMins ?? 'NULL'}::int, ${steps.length}, ${lit(JSON.stringify(s.actions))}::jsonb)`,
        );
      }
    }
  }
  const stepsCte = `steps (product_code, branch, step_number, step_name, task_name, team, step_type, access, overall_l, queued_l, assigned_l, n_steps, actions) AS (VALUES ${stepRows.join(',\n')})`;
  const purposes = (p: string) => arr(PRODUCT_PARAMETERS[p].purposes);
  const { rows: baseRows } = await db.query<{ base: string }>(`SELECT coalesce(max(id), 0)::text AS base FROM applications`);
  const base = Number(baseRows[0].base);

  const genSelect = `
        WITH ${stepsCte},
        g AS MATERIALIZED (
          SELECT g, $1::bigint + g AS n,
                 (g * 2654435761) % 1000 AS r1, (g * 40503 + 17) % 997 AS r2, (g * 69069 + 3) % 1009 AS r3,
                 (g * 1103515245 + 12345) % 1013 AS r4, (g * 22695477 + 1) % 1019 AS r5, (g * 134775813 + 7) % 1021 AS r6,
                 (g * 16807) % 1031 AS r7, (g * 48271) % 720 AS r8, (g * 69621) % 240 AS r9, (g * 39916801) % 10007 AS r10
            FROM generate_series($2::bigint, $3::bigint) AS g
        ),
        a AS MATERIALIZED (
          SELECT g.*,
                 (ARRAY[${products.map(lit).join(',')}])[1 + g % ${products.length}] AS product_code,
                 CASE WHEN r1 < 700 THEN 'ACTIVE' WHEN r1 < 800 THEN 'COMPLETED' WHEN r1 < 880 THEN 'REJECTED'
                      WHEN r1 < 940 THEN 'CANCELLED' WHEN r1 < 980 THEN 'INACTIVE' ELSE 'DELETED' END AS status,
                 CASE WHEN r3 % 2 = 0 THEN 'BR-NORTH' ELSE 'BR-SOUTH' END AS branch,
                 CASE WHEN r5 % 3 = 0 THEN 'Joint' ELSE 'Single' END AS single_or_joint,
                 (${arr(FIRST_NAMES)})[1 + r2 % ${FIRST_NAMES.length}] AS first_name,
                 (${arr(LAST_NAMES)})[1 + r10 % ${LAST_NAMES.length}] AS last_name,
                 (${arr(FIRST_NAMES)})[1 + r6 % ${FIRST_NAMES.length}] AS co_first,
                 $4::timestamptz - make_interval(secs => ($5::bigint - g) * $6::float8) AS created_at
            FROM g
        ),
        b AS MATERIALIZED (
          SELECT a.*,
                 CASE a.product_code ${lc.map((l) => `WHEN ${lit(l.product_code)} THEN ${l.steps.length}`).join(' ')} END AS n_steps,
                 CASE a.status WHEN 'COMPLETED' THEN NULL WHEN 'DELETED' THEN 0 ELSE r2 % 4 END AS stage0
            FROM a
        ),
        c AS MATERIALIZED (
          SELECT b.*,
                 coalesce(least(b.stage0, b.n_steps - 1), b.n_steps - 1) AS stage,
                 CASE WHEN b.status = 'ACTIVE' AND r6 % 10 < 4 THEN 'Pending'
                      WHEN b.status = 'ACTIVE' THEN 'In Progress'
                      WHEN b.status = 'INACTIVE' THEN 'Pending'
                      WHEN b.status = 'COMPLETED' THEN 'Completed'
                      WHEN b.status = 'REJECTED' THEN 'Rejected' ELSE 'Cancelled' END AS progress
            FROM b
        )
        SELECT c.*, s.step_name, s.task_name, s.team, s.step_type, s.access, s.overall_l, s.queued_l, s.assigned_l, s.actions,
               CASE WHEN c.stage = 0 AND r4 % 10 < 3 THEN 'LEAD' ELSE 'APPLICATION' END AS application_type,
               'APP-' || lpad(c.n::text, 8, '0') AS application_id,
               'TSK-' || lpad(c.n::text, 8, '0') || '-' || c.stage AS task_id,
               CASE WHEN c.progress = 'In Progress' OR c.status <> 'ACTIVE' THEN ${memberOf('s.team', 'r7')} END AS assignee,
               CASE WHEN r3 % 10 < 3 THEN 'portal-customer' ELSE ${memberOf(`CASE c.branch WHEN 'BR-NORTH' THEN 'CPA-NORTH' ELSE 'CPA-SOUTH' END`, 'r5')} END AS initiated_by,
               greatest(c.created_at, $4::timestamptz - make_interval(mins => r8::int)) AS cur_start,
               -- minutes from the start of the current task to its assignment, never past now
               least(r9, floor(extract(epoch FROM $4::timestamptz - greatest(c.created_at, $4::timestamptz - make_interval(mins => r8::int))) / 60))::int AS a_off,
               '9' || lpad(((c.n * 7919) % 1000000000)::text, 9, '0') AS mobile,
               $4::timestamptz AS gen_now
          FROM c JOIN steps s ON s.product_code = c.product_code AND s.branch = c.branch AND s.step_number = c.stage
`;

  const deferred = opts.deferIndexes ? await secondaryIndexes(db) : [];
  if (deferred.length) {
    const t = Date.now();
    for (const ix of deferred) await db.exec(`DROP INDEX ${ix.indexname}`);
    opts.onIndexes?.('dropped', Date.now() - t);
  }
  try {
    await generateBatches();
  } finally {
    if (deferred.length) {
      const t = Date.now();
      for (const ix of deferred) await db.exec(ix.indexdef);
      opts.onIndexes?.('rebuilt', Date.now() - t);
    }
  }

  async function generateBatches() {
  for (let start = 1; start <= total; start += batch) {
    const end = Math.min(total, start + batch - 1);
    await db.transaction(async (tx) => {
      const timed = seedDiagnostics().timing ? timer() : null;
      // The sub_tasks trigger (011) would update each application again; the batch sets the columns itself.
      await tx.query(`SET LOCAL lendline.bulk = 'on'`);
      // 1. One row per application with every random choice made once (temp table, dropped at commit).
      if (seedDiagnostics().explain) {
        const plan = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ANALYZE ` + genSelect, [base, start, end, now.toISOString(), total, spanSecs / Math.max(total, 1)]);
        console.log(plan.rows.map((r) => r['QUERY PLAN']).join('\n'));
      }
      await tx.query(`
        CREATE TEMP TABLE gen ON COMMIT DROP AS
${genSelect}
      `, [base, start, end, now.toISOString(), total, spanSecs / Math.max(total, 1)]);

      timed?.('gen');
      // 2. Applications, with the current task's hot columns and the §4 SLA due time.
      await tx.query(`
        INSERT INTO applications (application_id, product_code, status, single_or_joint, applicant_name, stage, ver_num, custom_fields, doc,
          created_at, mod_time, application_type, flow_id, flow_ver_num, branch, initiated_by, mobile, email, search_terms, loan_amount,
          cur_task_id, step_name, task_name, task_progress, assigned_to, assigned_team, sla_due_at, open_queries, open_approvals, open_exceptions, closed_at,
          query_holders, approval_holders, sla_limit_mins, held_since)
        SELECT application_id, product_code, status, single_or_joint, first_name || ' ' || last_name, stage, 1 + r9 % 7,
               jsonb_strip_nulls(jsonb_build_object(
                 'loanAmount', amount, 'tenureMonths', 12 * (1 + r3 % 5), 'monthlyIncome', 25000 + r10 * 30,
                 'loanPurpose', CASE product_code WHEN 'PL' THEN (${purposes('PL')})[1 + r5 % 6] WHEN 'HL' THEN (${purposes('HL')})[1 + r5 % 5] ELSE (${purposes('BL')})[1 + r5 % 5] END,
                 'employmentType', (${arr(EMPLOYMENT_TYPES)})[1 + r7 % 3],
                 'firstName', first_name, 'lastName', last_name, 'mobile', mobile, 'email', email,
                 'dateOfBirth', to_char(DATE '1970-01-01' + (r10 % 9000)::int, 'DD/MM/YYYY'),
                 'isPropertyFinalized', CASE WHEN product_code = 'HL' THEN CASE WHEN r6 % 3 = 0 THEN 'No' ELSE 'Yes' END END,
                 'propertyValue', CASE WHEN product_code = 'HL' AND r6 % 3 <> 0 THEN amount * 1.25 END,
                 'annualTurnover', CASE WHEN product_code = 'BL' THEN amount * 4 END,
                 'businessName', CASE WHEN product_code = 'BL' THEN last_name || ' Traders' END
               )),
               jsonb_build_object(
                 'applicant', CASE WHEN single_or_joint = 'Joint'
                   THEN jsonb_build_array(jsonb_build_object('applicantId', application_id || '-P', 'type', 'primary', 'firstName', first_name, 'lastName', last_name, 'mobile', mobile, 'email', email),
                                          jsonb_build_object('applicantId', application_id || '-S', 'type', 'secondary', 'firstName', co_first, 'lastName', last_name, 'primaryApplicantId', application_id || '-P'))
                   ELSE jsonb_build_array(jsonb_build_object('applicantId', application_id || '-P', 'type', 'primary', 'firstName', first_name, 'lastName', last_name, 'mobile', mobile, 'email', email)) END,
                 'existing_or_new_customer', CASE WHEN r3 % 4 = 0 THEN 'existing' ELSE 'new' END,
                 'completedSections', CASE WHEN status = 'COMPLETED' OR stage > 0 THEN 7 ELSE r9 % 7 END,
                 'campaign_id', 'CMP-' || (r4 % 12), 'source_id', (ARRAY['BRANCH','PORTAL','DSA','CALL_CENTRE'])[1 + r2 % 4]
               ),
               created_at, greatest(created_at, cur_start), application_type, product_code || '_FLOW', 243, branch, initiated_by, mobile, email,
               ARRAY[lower(application_id), lower(first_name), lower(last_name), mobile, email] ||
                 CASE WHEN single_or_joint = 'Joint' THEN ARRAY[lower(co_first)] ELSE '{}'::text[] END,
               amount, task_id, step_name, task_name, progress, CASE WHEN status = 'ACTIVE' AND progress = 'In Progress' THEN assignee END, team,
               CASE WHEN status <> 'ACTIVE' THEN NULL
                    WHEN progress = 'In Progress' AND assigned_l IS NOT NULL THEN cur_start + make_interval(mins => a_off) + make_interval(mins => assigned_l)
                    WHEN progress = 'Pending' AND queued_l IS NOT NULL THEN cur_start + make_interval(mins => queued_l)
                    WHEN overall_l IS NOT NULL THEN cur_start + make_interval(mins => overall_l) END,
               has_query::int, has_approval::int, has_exception::int,
               CASE WHEN status IN ('COMPLETED', 'REJECTED', 'CANCELLED', 'DELETED') THEN least(gen_now, cur_start + make_interval(mins => a_off + 30)) END,
               -- the holders the sub_tasks trigger would derive (it is off for bulk loads)
               CASE WHEN has_query THEN ARRAY[assignee] ELSE '{}'::text[] END,
               ARRAY(SELECT DISTINCT h FROM unnest(ARRAY[
                 CASE WHEN has_approval THEN CASE WHEN r2 % 2 = 0 THEN 'bh1' ELSE 'team:APPROVAL' END END,
                 CASE WHEN has_exception THEN 'team:APPROVAL' END]) AS h WHERE h IS NOT NULL),
               -- the limit of the clock that sets sla_due_at (079: At risk is its last 20%), and the hold's start
               CASE WHEN status <> 'ACTIVE' THEN NULL
                    WHEN progress = 'In Progress' AND assigned_l IS NOT NULL THEN assigned_l
                    WHEN progress = 'Pending' AND queued_l IS NOT NULL THEN queued_l
                    ELSE overall_l END,
               CASE WHEN status = 'INACTIVE' THEN greatest(created_at, cur_start) END
          FROM (SELECT gen.*,
                       lower(first_name) || '.' || lower(last_name) || n || '@example.in' AS email,
                       CASE product_code WHEN 'PL' THEN 50000 + (r10 % 395) * 10000 WHEN 'HL' THEN 500000 + (r10 % 9950) * 10000 ELSE 100000 + (r10 % 4990) * 10000 END::numeric AS amount,
                       (status = 'ACTIVE' AND progress = 'In Progress' AND r1 % 10 = 3) AS has_query,
                       (status = 'ACTIVE' AND progress = 'In Progress' AND step_type = 'APPROVAL' AND r1 % 10 < 6) AS has_approval,
                       (status = 'ACTIVE' AND progress = 'In Progress' AND r1 % 50 = 7) AS has_exception
                  FROM gen) x
         ORDER BY n
      `);

      timed?.('applications');
      // 3. Tasks: completed earlier steps (evenly spread between creation and the current start) and the current one.
      await tx.query(`
        WITH ${stepsCte}
        INSERT INTO tasks (task_id, application_id, name, progress, assigned_to, assigned_team, step_number, step_name, created_at,
          allowed_users, blocking, type, step_type, flow_info, actions, access_control,
          overall_start, overall_end, overall_limit_mins, queued_start, queued_end, queued_limit_mins,
          assigned_start, assigned_end, assigned_limit_mins, mod_time)
        SELECT 'TSK-' || lpad(g.n::text, 8, '0') || '-' || s.step_number, g.application_id, s.task_name,
               CASE WHEN s.step_number < g.stage THEN 'Completed' ELSE g.progress END,
               CASE WHEN s.step_number < g.stage THEN ${memberOf('s.team', 'g.r5 + s.step_number')}
                    WHEN g.status = 'ACTIVE' AND g.progress = 'Pending' OR g.status = 'INACTIVE' THEN NULL ELSE g.assignee END,
               ARRAY[s.team], s.step_number, s.step_name, t.start,
               '{}', true, s.step_type, s.step_type, jsonb_build_object('product_code', g.product_code, 'flowName', g.product_code || '_FLOW', 'verNum', 243), s.actions, s.access,
               t.start, CASE WHEN t.closed THEN t.finish END, s.overall_l,
               t.start, CASE WHEN t.closed OR t.assigned THEN CASE WHEN s.step_number < g.stage THEN t.start + (t.finish - t.start) / 4 ELSE t.start + make_interval(mins => g.a_off) END END, s.queued_l,
               CASE WHEN t.closed OR t.assigned THEN CASE WHEN s.step_number < g.stage THEN t.start + (t.finish - t.start) / 4 ELSE t.start + make_interval(mins => g.a_off) END END, CASE WHEN t.closed THEN t.finish END, s.assigned_l,
               coalesce(t.finish, t.start)
          FROM gen g
          JOIN steps s ON s.product_code = g.product_code AND s.branch = g.branch AND s.step_number <= g.stage
          CROSS JOIN LATERAL (
            SELECT CASE WHEN s.step_number < g.stage THEN g.created_at + (g.cur_start - g.created_at) * s.step_number / greatest(g.stage, 1) ELSE g.cur_start END AS start,
                   CASE WHEN s.step_number < g.stage THEN g.created_at + (g.cur_start - g.created_at) * (s.step_number + 0.8) / greatest(g.stage, 1)
                        WHEN g.status NOT IN ('ACTIVE', 'INACTIVE') THEN least(g.gen_now, g.cur_start + make_interval(mins => g.a_off + 30)) END AS finish,
                   (s.step_number < g.stage OR g.status NOT IN ('ACTIVE', 'INACTIVE')) AS closed,
                   (s.step_number = g.stage AND g.progress = 'In Progress') AS assigned
          ) t
      `);

      timed?.('tasks');
      // 4. Open queries (to the task's holder), approvals (to the APPROVAL team; submitted by the credit reviewer,
      // so maker-checker lets the branch head decide them) and raised exceptions.
      await tx.query(`
        INSERT INTO sub_tasks (application_id, task_id, kind, assigned_to, assigned_team, raised_by, body, created_at)
        SELECT a.application_id, a.cur_task_id, k.kind, k.assigned_to, k.assigned_team, k.raised_by, k.body, a.mod_time
          FROM applications a
          JOIN gen g ON g.application_id = a.application_id
          CROSS JOIN LATERAL (VALUES
            ('QUERY', a.assigned_to, a.assigned_team, 'bcm1', jsonb_build_object('question', 'Please confirm the applicant''s current address'), a.open_queries = 1),
            ('APPROVAL', CASE WHEN g.r2 % 2 = 0 THEN 'bh1' END, 'APPROVAL', 'bcm1', jsonb_build_object('reason', 'Sanction above branch limit'), a.open_approvals = 1),
            ('EXCEPTION', NULL, 'APPROVAL', a.assigned_to, jsonb_build_object('exceptions', jsonb_build_array(jsonb_build_object('key', 'monthlyIncome', 'reason', 'FOIR above policy'))), a.open_exceptions = 1)
          ) AS k(kind, assigned_to, assigned_team, raised_by, body, wanted)
         WHERE k.wanted
      `);
      timed?.('sub_tasks');
    });
    opts.onProgress?.(end, total);
  }
  }
}

function timer() {
  let t = Date.now();
  return (label: string) => {
    const now = Date.now();
    process.stderr.write(` ${label} ${now - t}ms`);
    t = now;
  };
}
