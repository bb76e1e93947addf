import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { loadEnv } from '../src/config/env';
import type { Db } from '../src/db/db';
import { CallRunner } from '../src/domain/credit/runner';
import { stpJobHandler } from '../src/domain/stp/jobs';
import { stpKicks } from '../src/domain/stp/sweep';
import { openTestDb, dbKind } from './helpers/test-db';
import { portalSubmit } from './helpers/stp-submit';

/**
 * A crash in the middle of a straight-through chain (issue 29): the server stops after the bureau job committed and
 * while the bank-statement job was in flight; a new server on the same database resumes the chain — the bank
 * statement again (its job RESUMED), then the decision and the offer — and the bureau is not pulled a second time.
 */
let db: Db;
let drop: () => Promise<void>;
const tmp = mkdtempSync(join(tmpdir(), 'lendline-stp-'));
const env = loadEnv({ DATA_DIR: join(tmp, 'data'), RELEASES_DIR: join(tmp, 'releases'), SHELL_DIR: join(tmp, 'shell'), LOG_LEVEL: 'silent', CREDIT_JOB_POLL_MS: '600000' });
const start = async () => {
  const app = await buildApp({ env, db, logger: false });
  await app.ready();
  return app;
};
beforeAll(async () => {
  ({ db, drop } = await openTestDb());
}, 180_000);
afterAll(async () => {
  await drop();
  rmSync(tmp, { recursive: true, force: true });
});

const q = async <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => (await db.query(sql, params)).rows as T[];

test(`a chain stopped between jobs resumes on the next start without a second bureau pull; a run whose job was lost is swept up (${dbKind()})`, async () => {
  const first: FastifyInstance = await start();
  // This server's runner neither polls (600 s) nor hears the submission: the test runs exactly one job by hand.
  stpKicks.removeAllListeners('submitted');
  const { id } = await portalSubmit(first, { panNumber: 'ABCDE0200F' });
  const one = new CallRunner(db, { tenant: env.identity.defaultTenant, pollMs: 600000, leaseMs: 60000, maxAttempts: 5, jobs: Object.fromEntries(['STP_BUREAU', 'STP_BANK_STATEMENT', 'STP_DECISION', 'STP_OFFER'].map((op) => [op, stpJobHandler({ db, tenant: env.identity.defaultTenant, files: first.files, notifier: first.notifier, maxAttempts: 5 })])) });
  expect(await one.runOne()).toBe(true); // the bureau job
  expect(await q(`SELECT call_id, state FROM integration_calls WHERE application_id = $1 ORDER BY created_at, call_id`, [id])).toEqual([
    { call_id: `STP-BUREAU-${id}`, state: 'CONFIRMED' },
    { call_id: `STP-BANK_STATEMENT-${id}`, state: 'QUEUED' },
  ]);
  // The crash: the bank-statement job was claimed (SENT, attempt 1) and its server died before any outcome; its lease ran out.
  await q(`UPDATE integration_calls SET state = 'SENT', attempts = 1, lease_until = now() - interval '1 second' WHERE call_id = $1`, [`STP-BANK_STATEMENT-${id}`]);
  // A second run whose queued job is lost (a restore from a copy taken between two writes): the sweep queues it again.
  const lost = (await portalSubmit(first, { panNumber: 'ABCDE0300F' })).id;
  await q(`DELETE FROM integration_call_events WHERE call_id = $1`, [`STP-BUREAU-${lost}`]);
  await q(`DELETE FROM integration_calls WHERE call_id = $1`, [`STP-BUREAU-${lost}`]);
  await first.close();

  const second = await start();
  try {
    const stateOf = async (x: string) => (await q<{ state: string }>(`SELECT state FROM stp_runs WHERE application_id = $1`, [x]))[0].state;
    for (let i = 0; i < 300 && ((await stateOf(id)) !== 'DECIDED' || (await stateOf(lost)) !== 'DECIDED'); i++) await new Promise((r) => setTimeout(r, 50));
    expect(await q(`SELECT state, outcome, done FROM stp_runs WHERE application_id = $1`, [id])).toEqual([
      { state: 'DECIDED', outcome: 'APPROVE', done: ['Bureau pull', 'Bank-statement analysis', 'Decision', 'Offer and KFS'] },
    ]);
    // One bureau pull: one report, its job run once; the bank statement's job was resumed (attempt 2), once filed.
    expect(await q(`SELECT kind FROM credit_reports WHERE application_id = $1 ORDER BY id`, [id])).toEqual([{ kind: 'BUREAU' }, { kind: 'BANK_STATEMENT' }, { kind: 'DECISION' }]);
    expect(await q(`SELECT call_id, state, attempts FROM integration_calls WHERE application_id = $1 ORDER BY created_at, call_id`, [id])).toEqual([
      { call_id: `STP-BUREAU-${id}`, state: 'CONFIRMED', attempts: 1 },
      { call_id: `STP-BANK_STATEMENT-${id}`, state: 'CONFIRMED', attempts: 2 },
      { call_id: `STP-DECISION-${id}`, state: 'CONFIRMED', attempts: 1 },
      { call_id: `STP-OFFER-${id}`, state: 'CONFIRMED', attempts: 1 },
    ]);
    expect(await q(`SELECT event FROM integration_call_events WHERE call_id = $1 ORDER BY id`, [`STP-BANK_STATEMENT-${id}`])).toEqual([{ event: 'QUEUED' }, { event: 'RESUMED' }, { event: 'CONFIRMED' }]);
    expect(await q(`SELECT status FROM kfs_statements WHERE application_id = $1`, [id])).toEqual([{ status: 'ISSUED' }]);
    // The swept run: its bureau job queued again at start, the chain to its end, one bureau report.
    expect(await stateOf(lost)).toBe('DECIDED');
    expect(await q(`SELECT kind FROM credit_reports WHERE application_id = $1 AND kind = 'BUREAU'`, [lost])).toHaveLength(1);
  } finally {
    await second.close();
  }
}, 60_000);
