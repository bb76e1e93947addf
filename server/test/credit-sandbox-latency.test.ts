import { moneyAdapter, DEFAULT_CONFIG } from '../src/adapters/credit';
import { parseConfig } from '../src/domain/credit/config';

// The sandbox's answer pause (sandboxLatencyMs): kept only within bounds, and a money call answers only after it.

test('sandboxLatencyMs is kept only as a whole number of 1–10000 ms', () => {
  expect(parseConfig({ sandboxLatencyMs: 2500 }).sandboxLatencyMs).toBe(2500);
  for (const bad of [0, -1, 10001, 1.5, '2500', null]) expect(parseConfig({ sandboxLatencyMs: bad }).sandboxLatencyMs).toBeUndefined();
});

test('a slowed sandbox answers the money call only after its pause, with the same outcome and reference as without it', async () => {
  let answered = false;
  const slow = moneyAdapter('MANDATE', { ...DEFAULT_CONFIG, sandboxLatencyMs: 200 }, 't1');
  const op = { idempotencyKey: 'MANDATE-APP-LATENCY-1', operation: 'ACH_MANDATE' as const, applicationId: 'APP-LATENCY-1', body: { maxAmount: 5000 } };
  const pending = slow.send(op).then((r) => ((answered = true), r));
  await new Promise((r) => setTimeout(r, 50));
  expect(answered).toBe(false);
  const result = await pending;
  expect(result.status).toBe('CONFIRMED');
  // Same key, no pause configured: the sandbox remembers the key and answers the same call.
  expect(await moneyAdapter('MANDATE', DEFAULT_CONFIG, 't1').lookup(op.idempotencyKey)).toEqual(result);
});
