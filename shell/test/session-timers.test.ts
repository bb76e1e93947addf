import { sessionStore } from '@lendline/shared';
import { answerNo, sessionModalStore, startSessionTimers } from '../src/features/session/session-timers';

describe('session timers in the shell', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    globalThis.fetch = jest.fn(async () => new Response('{}', { status: 200 })) as never;
    sessionStore.getState().clear();
    sessionModalStore.setState({ modal: null });
  });
  afterEach(() => jest.useRealTimers());

  it('asks 300 s before expiry, answers NO by itself after 20 s, and reports expiry at the end', async () => {
    const stop = startSessionTimers();
    const now = Date.now();
    sessionStore.getState().setSession({ access_token: 'a'.repeat(40), refresh_token: 'r', sessionId: 's', sessionExpiryTime: now + 900_000, expires_in: 900 });
    jest.advanceTimersByTime(599_000);
    expect(sessionModalStore.getState().modal).toBeNull();
    jest.advanceTimersByTime(1_000);
    expect(sessionModalStore.getState().modal).toEqual({ kind: 'warning', minutes: 5, timeoutMs: 20000 });
    jest.advanceTimersByTime(20_000);
    expect(sessionModalStore.getState().modal).toBeNull();
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
});
