import { JanusClient, JanusError } from '../src/adapters/janus/client';
import { JANUS_BIN, startTestJanus } from './helpers/janus';

/** The server's Janus client against a real Janus: the room requests of §7 Video and what Janus refuses. */
const describeJanus = JANUS_BIN ? describe : describe.skip;

describeJanus('Janus HTTP client (real Janus)', () => {
  let janus: Awaited<ReturnType<typeof startTestJanus>>;
  beforeAll(async () => {
    janus = await startTestJanus();
  });
  afterAll(async () => janus?.cleanup());

  it('creates a private room, finds it, lists it, refuses a second one with the same id, destroys it', async () => {
    const c = janus.client;
    expect((await c.info()).name).toMatch(/Janus/);
    await c.createRoom({ room: 4242, is_private: true, pin: 'p1', secret: 's1', publishers: 2, allowed: ['t1', 't2'], audiocodec: 'opus', videocodec: 'vp8' });
    expect(await c.roomExists(4242)).toBe(true);
    expect(await c.roomExists(4243)).toBe(false);
    expect((await c.listRooms()).map((r) => r.room)).toContain(4242);
    await expect(c.createRoom({ room: 4242, publishers: 2 })).rejects.toMatchObject({ code: 427 });
    await c.destroyRoom(4242, 's1');
    expect(await c.roomExists(4242)).toBe(false);
    await expect(c.destroyRoom(4242, 's1')).resolves.toBeUndefined();
  });

  it('refuses requests without a signed token, and room creation without the admin key', async () => {
    await expect(new JanusClient(janus.url).roomExists(1)).rejects.toBeInstanceOf(JanusError);
    const noAdminKey = new JanusClient(janus.url, { tokenSecret: janus.tokenSecret });
    await expect(noAdminKey.createRoom({ room: 77 })).rejects.toBeInstanceOf(JanusError);
    await expect(new JanusClient(janus.url, { tokenSecret: 'not-the-secret', adminKey: janus.adminKey }).roomExists(1)).rejects.toBeInstanceOf(JanusError);
  });
});
