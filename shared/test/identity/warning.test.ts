import { DEFAULT_SESSION_TIMING, parseSessionTiming, planSessionTimers, sessionWarningText } from '../../src/session/warning';

describe('session warning scheduling (§4, §9)', () => {
  const now = 1_000_000;
  const cfg = DEFAULT_SESSION_TIMING;

  it('has the §9 defaults', () => {
    expect(cfg).toEqual({ validSessionTime: 900, warningBeforeSeconds: 300, warningMinExpiresIn: 900, questionTimeoutMs: 20000, activityRefreshSeconds: 60 });
  });

  it('warns 300 s before expiry when expires_in is 900 s, saying 5 minutes', () => {
    const plan = planSessionTimers({ expires_in: 900, sessionExpiryTime: now + 900_000 }, cfg, now);
    expect(plan).toEqual({ warnInMs: 600_000, expireInMs: 900_000, minutes: 5 });
  });

  it('does not warn when expires_in is below the minimum, but still expires', () => {
    const plan = planSessionTimers({ expires_in: 899, sessionExpiryTime: now + 899_000 }, cfg, now);
    expect(plan.warnInMs).toBeNull();
    expect(plan.expireInMs).toBe(899_000);
  });

  it('warns at once after a late reload inside the warning window', () => {
    const plan = planSessionTimers({ expires_in: 900, sessionExpiryTime: now + 120_000 }, cfg, now);
    expect(plan.warnInMs).toBe(0);
    expect(plan.minutes).toBe(2);
  });

  it('schedules nothing but expiry for a session already over', () => {
    const plan = planSessionTimers({ expires_in: 900, sessionExpiryTime: now - 1 }, cfg, now);
    expect(plan).toEqual({ warnInMs: null, expireInMs: 0, minutes: 1 });
  });

  it('follows a shortened configuration (so e2e can run in seconds)', () => {
    const short = parseSessionTiming({ data: { validSessionTime: 30, warningBeforeSeconds: 20, warningMinExpiresIn: 30, questionTimeoutMs: 3000 } });
    const plan = planSessionTimers({ expires_in: 30, sessionExpiryTime: now + 30_000 }, short, now);
    expect(plan).toEqual({ warnInMs: 10_000, expireInMs: 30_000, minutes: 1 });
  });

  it('keeps defaults for missing or bad config fields', () => {
    expect(parseSessionTiming({ data: { warningBeforeSeconds: 'x', questionTimeoutMs: 5000 } })).toEqual({ ...cfg, questionTimeoutMs: 5000 });
    expect(parseSessionTiming(null)).toEqual(cfg);
  });

  it('words the question exactly as §8', () => {
    expect(sessionWarningText(5)).toBe('Your session will expire in next 5 minute. Do you wish to increase the session ?');
  });
});
