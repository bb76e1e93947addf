import { useEffect } from 'react';
import { render } from '@testing-library/react';
import { buildHeaders, sessionStore, type Session } from '@lendline/shared';
import { applyAppRef, appRefOf, rememberAppRef, useAppRef, workOnApplication } from '../src/lib/app-ref-store';

const session = (extra: Partial<Session> = {}): Session => ({ access_token: 'a'.repeat(40), refresh_token: 'r', sessionId: 's', sessionExpiryTime: Date.now() + 60_000, expires_in: 900, ...extra });
const headers = () => buildHeaders({ method: 'GET', path: '/v3/application/APP-1', session: sessionStore.getState().session });

beforeEach(() => {
  localStorage.clear();
  sessionStore.setState({ session: session(), user: null });
});

describe('appRefId per application', () => {
  it('is kept per application in localStorage, next to the drafts', () => {
    rememberAppRef('APP-1', 'ref-one');
    rememberAppRef('APP-2', 'ref-two');
    expect(localStorage.getItem('lendline.portal.appref:APP-1')).toBe('ref-one');
    expect(appRefOf('APP-2')).toBe('ref-two');
    expect(appRefOf('APP-3')).toBeNull();
  });

  it('goes into the session for the application worked on, so every request carries it', () => {
    rememberAppRef('APP-1', 'ref-one');
    rememberAppRef('APP-2', 'ref-two');
    applyAppRef('APP-1');
    expect(headers().appRefId).toBe('ref-one');
    applyAppRef('APP-2');
    expect(headers().appRefId).toBe('ref-two');
    applyAppRef('APP-3'); // none on this device: no stale reference of another application
    expect(headers().appRefId).toBeUndefined();
  });

  it('survives a token refresh (a new session without it) and leaves when work stops', () => {
    rememberAppRef('APP-1', 'ref-one');
    const stop = workOnApplication('APP-1');
    expect(sessionStore.getState().session?.appRefId).toBe('ref-one');
    sessionStore.setState({ session: session({ access_token: 'b'.repeat(40) }) }); // refresh reply has no appRefId
    expect(sessionStore.getState().session).toMatchObject({ access_token: 'b'.repeat(40), appRefId: 'ref-one' });
    stop();
    expect(sessionStore.getState().session?.appRefId).toBeUndefined();
    expect(sessionStore.getState().session?.access_token).toBe('b'.repeat(40));
  });

  it('is in place before any effect of the page or its fields runs (resume on the same device)', () => {
    rememberAppRef('APP-1', 'ref-one');
    const seen: Array<string | undefined> = [];
    // React runs every layout effect of a commit before the passive ones, children's included.
    function Field() {
      useEffect(() => void seen.push(headers().appRefId), []);
      return null;
    }
    function Page() {
      useAppRef('APP-1');
      useEffect(() => void seen.push(headers().appRefId), []);
      return <Field />;
    }
    const { unmount } = render(<Page />);
    expect(seen).toEqual(['ref-one', 'ref-one']);
    unmount();
    expect(sessionStore.getState().session?.appRefId).toBeUndefined();
  });
});
