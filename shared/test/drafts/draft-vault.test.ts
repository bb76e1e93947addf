import { sessionStore } from '../../src/session-store';
import { DRAFTS_PREFIX, dropDrafts, keepDraft, sealedBooks, startDraftVault, takeRestored, type DraftKeysReply } from '../../src/drafts/draft-vault';
import { openBook } from '../../src/drafts/draft-seal';
import * as aes from '../../src/crypto/aes';

/**
 * Unsaved edits across sessions, as the server's POST /v3/auth/draft-keys answers (server/test/session-sliding.test.ts
 * checks that side): each session has a random key; an earlier session's key goes once to the same user's next one.
 */
function fakeServer() {
  const sessions = new Map<string, { userId: string; key: string | null }>();
  let n = 0;
  return {
    signIn(userId: string) {
      const sid = `s${++n}`;
      sessions.set(sid, { userId, key: `${sid}-`.padEnd(44, String.fromCharCode(97 + n)) });
      sessionStore.setState({
        session: { access_token: 'a'.repeat(40), refresh_token: 'r', sessionId: sid, sessionExpiryTime: Date.now() + 900_000, expires_in: 900 },
        user: { userId, userName: userId } as never,
      });
      return sid;
    },
    keyOf: (sid: string) => sessions.get(sid)?.key ?? null,
    async draftKeys(asked: string[]): Promise<DraftKeysReply> {
      const sid = sessionStore.getState().session!.sessionId;
      const me = sessions.get(sid)!;
      const previous: DraftKeysReply['previous'] = [];
      for (const id of asked) {
        const s = sessions.get(id);
        if (id === sid || !s || s.userId !== me.userId || !s.key) continue;
        previous.push({ sessionid: id, key: s.key });
        s.key = null; // answered once
      }
      return { key: me.key, previous };
    },
  };
}

const settle = () => new Promise((r) => setTimeout(r, 0));
const FORM = 'application:APP-1:HL_property';

describe('unsaved edits kept on the device', () => {
  let server: ReturnType<typeof fakeServer>;
  let restores: number;
  let lastUrl: string | null;
  let stop: () => void;
  beforeEach(() => {
    localStorage.clear();
    sessionStore.getState().clear();
    server = fakeServer();
    restores = 0;
    lastUrl = null;
    stop = startDraftVault(
      (ids) => server.draftKeys(ids),
      (state) => {
        restores++;
        lastUrl = state.restoredUrl;
      },
    );
    history.replaceState(null, '', '/backstage/application?application_id=APP-1');
  });
  afterEach(() => stop());

  async function typeAndEndSession(userId: string) {
    const sid = server.signIn(userId);
    await settle();
    keepDraft(FORM, { propertyAddress: '12 MG Road', propertyPin: '560001' });
    sessionStore.getState().clear(); // idle expiry, logout elsewhere, a forced logout: the store is cleared
    return sid;
  }

  test('the same user signing in again gets the edits and the address back, once', async () => {
    const first = await typeAndEndSession('cpa1');
    // What is left on the device names the session and nothing else readable.
    const raw = localStorage.getItem(DRAFTS_PREFIX + first)!;
    expect(raw).toBeTruthy();
    expect(raw).not.toContain('560001');
    expect(raw).not.toContain('MG Road');
    expect(raw).not.toContain('cpa1');
    expect(raw).not.toContain(server.keyOf(first)!);

    server.signIn('cpa1');
    await settle();
    expect(restores).toBe(1);
    expect(lastUrl).toBe('/backstage/application?application_id=APP-1');
    expect(takeRestored(FORM)).toEqual({ propertyAddress: '12 MG Road', propertyPin: '560001' });
    expect(takeRestored(FORM)).toBeUndefined();
    // The earlier book is gone; the edits now live in the new session's book until saved.
    expect(localStorage.getItem(DRAFTS_PREFIX + first)).toBeNull();
    expect(sealedBooks()).toHaveLength(1);
    dropDrafts('application:APP-1:');
    expect(sealedBooks()).toHaveLength(0);
  });

  test('another user signing in on the same browser gets nothing, and the owner still can later', async () => {
    await typeAndEndSession('cpa1');
    server.signIn('bcm1');
    await settle();
    expect(restores).toBe(0);
    expect(takeRestored(FORM)).toBeUndefined();
    sessionStore.getState().clear();

    server.signIn('cpa1');
    await settle();
    expect(takeRestored(FORM)).toEqual({ propertyAddress: '12 MG Road', propertyPin: '560001' });
  });

  test("a logged-out blob does not open without the next sign-in's key, nor for another user with that key", async () => {
    const first = await typeAndEndSession('cpa1');
    const [sealed] = sealedBooks();
    expect(sealed.sid).toBe(first);
    // Nothing on the device is the key: not the storage, not a wrong key, not the session's tokens.
    for (let i = 0; i < localStorage.length; i++) expect(localStorage.getItem(localStorage.key(i)!)).not.toContain(server.keyOf(first)!);
    expect(openBook(aes, sealed, 'x'.repeat(44), 'cpa1')).toBeNull();
    expect(openBook(aes, sealed, 'a'.repeat(40), 'cpa1')).toBeNull();
    // Even handed the right key, a book opens only for the user who wrote it.
    expect(openBook(aes, sealed, server.keyOf(first)!, 'bcm1')).toBeNull();
    expect(openBook(aes, sealed, server.keyOf(first)!, 'cpa1')?.forms[FORM].values).toEqual({ propertyAddress: '12 MG Road', propertyPin: '560001' });
  });

  test('the key is answered once: a second later sign-in finds the book already moved, not re-opened', async () => {
    await typeAndEndSession('cpa1');
    server.signIn('cpa1');
    await settle();
    expect(restores).toBe(1);
    sessionStore.getState().clear();
    // The edits were carried into the second session's book (never taken by a form): they come back once more...
    server.signIn('cpa1');
    await settle();
    expect(restores).toBe(2);
    // ...but every key the server answered is spent.
    expect(await server.draftKeys(['s1', 's2'])).toMatchObject({ previous: [] });
  });

  test('edits typed after the session ended are not kept (no key in memory)', async () => {
    const first = await typeAndEndSession('cpa1');
    const before = localStorage.getItem(DRAFTS_PREFIX + first);
    keepDraft(FORM, { propertyPin: '999999' });
    expect(localStorage.getItem(DRAFTS_PREFIX + first)).toBe(before);
  });
});
