import { sessionStore } from '@lendline/shared';
import { answerNo, sessionModalStore, startSessionTimers } from '../src/features/session/session-timers';

/** jsdom has no fetch Response: the little the HTTP client reads of one. */
const reply200 = (body: unknown) => ({ ok: true, status: 200, text: async () => JSON.stringify(body), headers: { get: () => null } });

describe('session timers in the shell', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn(async () => new Response('{}', { status: 200 })) as never;
    sessionStore.getState().clear();
    sessionModalStore.setState({ modal: null });
  });
  afterEach(() => jest.useRealTimers());

  it('asks 300 s before expiry, keeps asking until the expiry if nobody answers, and reports expiry at the end', async () => {
    const stop = startSessionTimers();
    const now = Date.now();
    sessionStore.getState().setSession({ access_token: 'a'.repeat(40), refresh_token: 'r', sessionId: 's', sessionExpiryTime: now + 900_000, expires_in: 900 });
    jest.advanceTimersByTime(599_000);
    expect(sessionModalStore.getState().modal).toBeNull();
    jest.advanceTimersByTime(1_000);
    expect(sessionModalStore.getState().modal).toEqual({ kind: 'warning', minutes: 5, timeoutMs: 20000 });
    // Issue 26: the question does not close itself after 20 s; the session ends when its idle time runs out.
    jest.advanceTimersByTime(20_000);
    expect(sessionModalStore.getState().modal?.kind).toBe('warning');
    await jest.advanceTimersByTimeAsync(280_000);
    expect(sessionModalStore.getState().modal).toEqual({ kind: 'expired' });
    expect(sessionStore.getState().session).toBeNull();
    stop();
  });

  it('schedules no question for a session shorter than the minimum', () => {
    const stop = startSessionTimers();
    sessionStore.getState().setSession({ access_token: 'a'.repeat(40), refresh_token: 'r', sessionId: 's', sessionExpiryTime: Date.now() + 600_000, expires_in: 600 });
    jest.advanceTimersByTime(599_000);
    expect(sessionModalStore.getState().modal).toBeNull();
    answerNo();
    stop();
  });

  it('activity refreshes the session at most once a minute, so an active officer never sees the question', async () => {
    let refreshes = 0;
    globalThis.fetch = jest.fn(async (url: string) => {
      if (String(url).endsWith('/v3/auth/refresh-token')) {
        refreshes++;
        const now = Date.now();
        const reply = { access_token: 'b'.repeat(40), refresh_token: `r${refreshes}`, sessionid: 's', expiry_time: now + 900_000, expires_in: 900, error: null };
        return reply200(reply);
      }
      return reply200({});
    }) as never;
    const stop = startSessionTimers();
    sessionStore.getState().setSession({ access_token: 'a'.repeat(40), refresh_token: 'r', sessionId: 's', sessionExpiryTime: Date.now() + 900_000, expires_in: 900 });
    // 30 minutes of typing, a key every 10 s: twice the session's length.
    for (let i = 0; i < 180; i++) {
      await jest.advanceTimersByTimeAsync(10_000);
      window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
      expect([i, sessionModalStore.getState().modal]).toEqual([i, null]);
    }
    await jest.advanceTimersByTimeAsync(1); // the last refresh's answer
    expect(refreshes).toBeGreaterThanOrEqual(25);
    expect(refreshes).toBeLessThanOrEqual(31);
    expect(sessionStore.getState().session?.refresh_token).toBe(`r${refreshes}`);
    // Idle from here: the question comes only once 600 s have passed without activity.
    const lastKey = Date.now();
    while (!sessionModalStore.getState().modal) await jest.advanceTimersByTimeAsync(5_000);
    expect(sessionModalStore.getState().modal?.kind).toBe('warning');
    expect(Date.now() - lastKey).toBeGreaterThanOrEqual(600_000);
    expect(Date.now() - lastKey).toBeLessThanOrEqual(665_000);
    stop();
  });

  it('while the question is open a key is no answer, and after NO activity no longer extends', async () => {
    const fetchMock = jest.fn(async () => reply200({}));
    globalThis.fetch = fetchMock as never;
    const stop = startSessionTimers();
    sessionStore.getState().setSession({ access_token: 'a'.repeat(40), refresh_token: 'r', sessionId: 's2', sessionExpiryTime: Date.now() + 900_000, expires_in: 900 });
    await jest.advanceTimersByTimeAsync(600_000);
    expect(sessionModalStore.getState().modal?.kind).toBe('warning');
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    expect(sessionModalStore.getState().modal?.kind).toBe('warning');
    answerNo();
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'a' }));
    const refreshCalls = fetchMock.mock.calls.filter((c) => String((c as unknown[])[0]).endsWith('/v3/auth/refresh-token'));
    expect(refreshCalls).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(300_000);
    expect(sessionModalStore.getState().modal).toEqual({ kind: 'expired' });
    stop();
  });
});
