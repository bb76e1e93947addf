import { AdapterError, DEFAULT_CONFIG, type Applicant, type SystemConfig } from '../src/adapters/credit';
import { httpBankStatement, httpBureau, httpDecisionEngine, httpMoney } from '../src/adapters/credit/http';
import { CircuitBreaker } from '../src/adapters/credit/http-client';
import { startCreditDouble, type CreditDouble } from './helpers/credit-double';

/**
 * Each HTTP adapter against a local double of its service: a good reply, a timeout, 5xx then success (retries with
 * backoff), 5xx throughout, slow but in time, malformed and incomplete replies, the circuit breaker, the credential
 * (from the named environment variable, never in an error), and the idempotency key of money calls.
 */
let d: CreditDouble;
let n = 0;
beforeAll(async () => {
  d = await startCreditDouble();
  process.env.OUTBOUND_ALLOW_HOSTS = d.allowHost; // loopback on a test port: the outbound guard's opt-in
});
afterAll(() => d.close());
beforeEach(() => {
  d.hits.clear();
});

/** A fresh tenant name per test, so each gets its own circuit breaker. */
const cfg = (over: Partial<SystemConfig> = {}) => ({ c: { ...DEFAULT_CONFIG, mode: 'http' as const, baseUrl: d.url, timeoutMs: 300, retries: 2, backoffMs: 10, ...over }, tenant: `t${++n}` });
const applicant: Applicant = { applicationId: 'APP-1', firstName: 'Meera', lastName: 'Nair', pan: 'ABCDE0200F', dateOfBirth: '15/06/1988', mobile: '9876543210', monthlyIncome: 120000 };
const failure = async (p: Promise<unknown>) => {
  try {
    await p;
  } catch (e) {
    return e as AdapterError;
  }
  throw new Error('expected a failure');
};

describe('credit HTTP adapters against a local double', () => {
  test('bureau: a good reply is read field by field, with the obligations of active accounts', async () => {
    const { c, tenant } = cfg();
    const r = await httpBureau(c, tenant).pull(applicant);
    expect(r).toMatchObject({ reference: 'DBL-CIR-1', score: 781, monthlyObligations: 9000, enquiriesLast6Months: 1 });
    expect(JSON.parse(r.raw).score).toBe(781);
  });

  test('timeout: every attempt is cut at timeoutMs and retried, then TIMEOUT (retryable)', async () => {
    const { c, tenant } = cfg({ timeoutMs: 150, retries: 1 });
    d.behave('/bureau', 'hang');
    const e = await failure(httpBureau(c, tenant).pull(applicant));
    d.behave('/bureau', 'ok');
    expect(e).toBeInstanceOf(AdapterError);
    expect([e.kind, e.retryable, e.message]).toEqual(['TIMEOUT', true, 'Bureau did not answer within 150 ms']);
    expect(d.hits.get('POST /bureau/report')).toBe(2);
  });

  test('5xx twice then a good reply: the retries with backoff get it', async () => {
    const { c, tenant } = cfg();
    d.behave('/bank-statement', ['error', 'error']);
    const r = await httpBankStatement(c, tenant).analyse(applicant);
    expect(r).toMatchObject({ transactionId: 'DBL-TXN-1', bounces: 0, emiObligations: 9000, averageMonthlyInflow: 150000 });
    expect(d.hits.get('POST /bank-statement/analysis')).toBe(3);
  });

  test('5xx throughout: UNAVAILABLE after 1 + retries attempts', async () => {
    const { c, tenant } = cfg({ retries: 2 });
    d.behave('/bank-statement', ['error', 'error', 'error']);
    const e = await failure(httpBankStatement(c, tenant).analyse(applicant));
    expect([e.kind, e.message]).toEqual(['UNAVAILABLE', 'Bank statement analysis answered HTTP 503']);
    expect(d.hits.get('POST /bank-statement/analysis')).toBe(3);
  });

  test('slow but within the timeout is a normal answer', async () => {
    const { c, tenant } = cfg({ timeoutMs: 1000 });
    d.behave('/decision_engine', [{ slowMs: 200 }]);
    const r = await httpDecisionEngine(c, tenant).execute('PL', 'CREDIT_POLICY', { applicationId: 'APP-1', productCode: 'PL', policy: 'CREDIT_POLICY', loanAmount: 1, tenureMonths: 12, monthlyIncome: 1, age: 30, bureauScore: 700, monthlyObligations: 0, bounces: 0, foir: 0.1, maxEligibleAmount: 10 });
    expect(r).toMatchObject({ reference: 'DBL-DE-1', outcome: 'APPROVE', rules: [{ rule: 'DOUBLE_RULE', passed: true }] });
    expect(d.hits.get('POST /decision_engine/execute/PL/CREDIT_POLICY')).toBe(1);
  });

  test('malformed JSON and a reply missing fields are MALFORMED, not retried at once, never half-read', async () => {
    const { c, tenant } = cfg();
    d.behave('/bureau', ['malformed']);
    const e1 = await failure(httpBureau(c, tenant).pull(applicant));
    expect([e1.kind, e1.message]).toEqual(['MALFORMED', 'Bureau sent a reply that is not JSON']);
    d.behave('/bureau', ['missing-fields']);
    const e2 = await failure(httpBureau(c, tenant).pull(applicant));
    expect([e2.kind, e2.message]).toEqual(['MALFORMED', 'Bureau sent a reply without the expected fields']);
    expect(d.hits.get('POST /bureau/report')).toBe(2);
  });

  test('circuit breaker: after breakerFailures failures calls fail at once without reaching the service', async () => {
    const { c, tenant } = cfg({ retries: 0, breakerFailures: 2, breakerResetMs: 1000 });
    const bureau = httpBureau(c, tenant);
    d.behave('/bureau', ['error', 'error']);
    expect((await failure(bureau.pull(applicant))).kind).toBe('UNAVAILABLE');
    expect((await failure(bureau.pull(applicant))).kind).toBe('UNAVAILABLE');
    const open = await failure(bureau.pull(applicant));
    expect([open.kind, open.message]).toEqual(['CIRCUIT_OPEN', 'Bureau is failing; calls are paused for up to 1 s']);
    expect(d.hits.get('POST /bureau/report')).toBe(2);
  });

  test('breaker state machine: open → half-open after the reset → closed on success', () => {
    let now = 0;
    const b = new CircuitBreaker(1, 100, () => now);
    b.failure();
    expect(b.state).toBe('open');
    now = 100;
    expect(b.state).toBe('half-open');
    b.before('x'); // the one trial
    expect(() => b.before('x')).toThrow('x is failing');
    b.success();
    expect(b.state).toBe('closed');
  });

  test('the credential comes from the named environment variable as a bearer token and never appears in an error', async () => {
    process.env.LENDLINE_TEST_BUREAU_TOKEN = 's3cr3t-token';
    const { c, tenant } = cfg({ credentialEnv: 'LENDLINE_TEST_BUREAU_TOKEN', retries: 0 });
    await httpBureau(c, tenant).pull(applicant);
    expect(d.lastHeaders.get('/bureau/report')?.authorization).toBe('Bearer s3cr3t-token');
    d.behave('/bureau', ['error']);
    const e = await failure(httpBureau(c, tenant).pull(applicant));
    expect(JSON.stringify({ m: e.message, s: e.stack })).not.toContain('s3cr3t');
    delete process.env.LENDLINE_TEST_BUREAU_TOKEN;
  });

  test('money: the idempotency key goes with every attempt and the service applies it once; lookup finds it', async () => {
    const { c, tenant } = cfg({ retries: 2 });
    const money = httpMoney('CORE_BANKING', c, tenant);
    const op = { idempotencyKey: 'TRANCHE-APP-9-1', operation: 'DISBURSEMENT_TRANCHE' as const, applicationId: 'APP-9', body: { amount: 100000 } };
    // The first attempt is applied but its reply is lost (5xx after applying is what a flaky gateway does): simulate by
    // applying on a first call whose answer times out, then the retry.
    d.behave('/loans/tranches', [{ applyThenHangMs: 1000 }]);
    const r = await money.send(op);
    expect(r).toMatchObject({ status: 'CONFIRMED', reference: 'DBL-1' });
    expect(d.hits.get('POST /loans/tranches')).toBe(2);
    expect(d.applied.size).toBe(1);
    expect(d.lastHeaders.get('/loans/tranches')?.['idempotency-key']).toBe('TRANCHE-APP-9-1');
    expect(await money.lookup('TRANCHE-APP-9-1')).toMatchObject({ status: 'CONFIRMED', reference: 'DBL-1' });
    expect(await money.lookup('TRANCHE-APP-9-2')).toBeNull();
  });

  test('no baseUrl: NOT_CONFIGURED, not a crash', () => {
    expect(() => httpBureau({ ...DEFAULT_CONFIG, mode: 'http' }, 'x')).toThrow('Bureau: no baseUrl configured for the http adapter');
  });
});
