import { isGuardedPath, isSessionLive } from '../../src/session/guard';

describe('route guard predicate (§4)', () => {
  const now = 1_700_000_000_000;
  it('allows only with an access token and a future expiry', () => {
    expect(isSessionLive({ access_token: 't', sessionExpiryTime: now + 1 }, now)).toBe(true);
    expect(isSessionLive({ access_token: 't', sessionExpiryTime: now }, now)).toBe(false);
    expect(isSessionLive({ access_token: 't', sessionExpiryTime: now - 1 }, now)).toBe(false);
    expect(isSessionLive({ access_token: '', sessionExpiryTime: now + 1000 }, now)).toBe(false);
    expect(isSessionLive({ access_token: 't' }, now)).toBe(false);
    expect(isSessionLive({ access_token: 't', sessionExpiryTime: NaN }, now)).toBe(false);
    expect(isSessionLive(null, now)).toBe(false);
  });
  it('guards /backstage and everything under it only', () => {
    expect(isGuardedPath('/backstage')).toBe(true);
    expect(isGuardedPath('/backstage/tasks')).toBe(true);
    expect(isGuardedPath('/backstagex')).toBe(false);
    expect(isGuardedPath('/newapplication')).toBe(false);
    expect(isGuardedPath('/')).toBe(false);
  });
});
