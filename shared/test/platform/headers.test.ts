import { buildHeaders } from '../../src/http/headers';
import { withDebugPrefix } from '../../src/debug';

const session = { access_token: 'AT', sessionId: 'SID', refresh_token: 'RT', appRefId: 'APP-1' };

describe('§7 header rules per request kind', () => {
  test('a GET carries access_token, sessionId and appRefId, and no JSON headers', () => {
    expect(buildHeaders({ method: 'GET', path: '/v3/users', session })).toEqual({ access_token: 'AT', sessionId: 'SID', appRefId: 'APP-1' });
  });

  test('POST and PUT add JSON content and accept headers', () => {
    for (const method of ['POST', 'PUT'] as const) {
      expect(buildHeaders({ method, path: '/v3/application/save', session })).toEqual({
        access_token: 'AT',
        sessionId: 'SID',
        appRefId: 'APP-1',
        'Content-Type': 'application/json',
        Accept: 'application/json',
      });
    }
  });

  test('DELETE carries the session but no JSON headers', () => {
    expect(buildHeaders({ method: 'DELETE', path: '/v3/remove/', session })).toEqual({ access_token: 'AT', sessionId: 'SID', appRefId: 'APP-1' });
  });

  test('appRefId only when present', () => {
    expect(buildHeaders({ method: 'GET', path: '/v3/users', session: { access_token: 'AT', sessionId: 'SID' } })).toEqual({ access_token: 'AT', sessionId: 'SID' });
  });

  test('logout carries refresh_token instead of the session headers', () => {
    for (const path of ['/v3/auth/logout', '/user/logout', '/debugger/v3/auth/logout']) {
      expect(buildHeaders({ method: 'POST', path, session })).toEqual({ refresh_token: 'RT', 'Content-Type': 'application/json', Accept: 'application/json' });
    }
  });

  test('an IP lookup carries no session headers', () => {
    expect(buildHeaders({ method: 'GET', path: 'https://ip.example/json', session, ipLookup: true })).toEqual({});
  });

  test('no session, no session headers', () => {
    expect(buildHeaders({ method: 'GET', path: '/health', session: null })).toEqual({});
  });
});

describe('§6 debug prefix', () => {
  test('prefixes non-admin paths when debug mode is on', () => {
    expect(withDebugPrefix('/v3/graphql', { debug: true })).toBe('/debugger/v3/graphql');
    expect(withDebugPrefix('v3/graphql', { debug: true })).toBe('/debugger/v3/graphql');
  });
  test('leaves admin paths, already-prefixed paths and debug-off alone', () => {
    expect(withDebugPrefix('/setup/configs/Admin/Features', { debug: true, admin: true })).toBe('/setup/configs/Admin/Features');
    expect(withDebugPrefix('/debugger/v3/graphql', { debug: true })).toBe('/debugger/v3/graphql');
    expect(withDebugPrefix('/v3/graphql', { debug: false })).toBe('/v3/graphql');
  });
});
