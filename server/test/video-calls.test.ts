import { createTestApp, type TestApp } from './helpers/test-app';
import { loginAs, type LoggedIn } from './helpers/login';
import { JANUS_BIN, startTestJanus } from './helpers/janus';
import { openInvite, INVITE_EXPIRED } from '../src/domain/video/calls';
import { linkKey } from '../src/domain/portal/links';
import type { SandboxNotifier } from '../src/adapters/notify';
import { JanusClient } from '../src/adapters/janus/client';

/**
 * Video calls against a real Janus (started by the test, the way the server starts its own): the room's life
 * (created on start, destroyed on hang-up), who may join (only the invited pair; Janus refuses any other token),
 * the invitation link's checks, and what the application's record keeps.
 */
const describeJanus = JANUS_BIN ? describe : describe.skip;

describeJanus('video calls with a real Janus', () => {
  let janus: Awaited<ReturnType<typeof startTestJanus>>;
  let t: TestApp;
  const as: Record<string, LoggedIn> = {};
  let appId: string;

  beforeAll(async () => {
    janus = await startTestJanus();
    t = await createTestApp({ JANUS_URL: janus.url, JANUS_TOKEN_SECRET: janus.tokenSecret, JANUS_ADMIN_KEY: janus.adminKey, VIDEO_RECORDING: 'off' });
    for (const u of ['cpa1', 'cpa2', 'viewer1', 'dev1', 'portal-customer']) as[u] = await loginAs(t.app, u);
    const { rows } = await t.app.db.query<{ application_id: string }>(
      `SELECT application_id FROM applications WHERE branch = 'BR-NORTH' AND status = 'ACTIVE' AND email IS NOT NULL ORDER BY application_id LIMIT 1`,
    );
    appId = rows[0].application_id;
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await janus?.cleanup();
  });

  const start = (who: LoggedIn, id = appId) => t.app.inject({ method: 'POST', url: `/v3/video/application/${id}/calls`, headers: who.headers, payload: {} });
  const proxy = (url: string, payload?: object) => t.app.inject({ method: payload ? 'POST' : 'GET', url: `/video/janus${url}`, payload });

  /** A janus.js-like join through the server's proxy; resolves to the video room's answer event. */
  async function joinThroughProxy(ticket: { room: number; pin: string; gatewayToken?: string }, token: string) {
    const tx = () => Math.random().toString(36).slice(2);
    const session = (await proxy('', { janus: 'create', transaction: tx(), token: ticket.gatewayToken })).json();
    expect(session.janus).toBe('success');
    const sid = session.data.id;
    const handle = (await proxy(`/${sid}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', transaction: tx(), token: ticket.gatewayToken })).json();
    const hid = handle.data.id;
    const ack = (await proxy(`/${sid}/${hid}`, { janus: 'message', transaction: tx(), token: ticket.gatewayToken, body: { request: 'join', ptype: 'publisher', room: ticket.room, pin: ticket.pin, token, display: 'x' } })).json();
    expect(ack.janus).toBe('ack');
    const events = (await proxy(`/${sid}?maxev=1&token=${encodeURIComponent(ticket.gatewayToken ?? '')}`)).json();
    await proxy(`/${sid}`, { janus: 'destroy', transaction: tx(), token: ticket.gatewayToken });
    const first = Array.isArray(events) ? events[0] : events;
    return first.plugindata.data as { videoroom: string; error_code?: number; id?: number };
  }

  test('cpa1 starts a call: Janus has a private room for it, the applicant gets an invitation, and the record says so', async () => {
    const res = await start(as.cpa1);
    expect(res.statusCode).toBe(200);
    const { call, ticket, invitation } = res.json().data;
    expect(call).toMatchObject({ application_id: appId, staffUser: 'cpa1', status: 'LIVE', recording: false });
    expect(ticket).toMatchObject({ role: 'STAFF', server: '/video/janus', iceServers: [], bitratePollMs: 1000, maxPublishers: 2 });
    expect(ticket.gatewayToken).toMatch(/,janus,janus\.plugin\.videoroom:/);
    expect(await janus.client.roomExists(ticket.room)).toBe(true);
    // Private: the room is not in a list made without the admin key.
    expect((await new JanusClient(janus.url, { tokenSecret: janus.tokenSecret }).listRooms()).map((r) => r.room)).not.toContain(ticket.room);
    const sent = (t.app.notifier as SandboxNotifier).sent().at(-1)!;
    expect(sent.to).toBe(invitation.to);
    expect(sent.link).toMatch(/\/video-call\?invite=/);
    const worklog = await t.app.db.query(`SELECT action, user_id FROM worklogs WHERE application_id = $1 AND action = 'video_call_started'`, [appId]);
    expect(worklog.rows).toEqual([{ action: 'video_call_started', user_id: 'cpa1' }]);

    // The applicant opens the link on their phone (the portal's customer session): their own ticket, to the same room.
    const invite = new URL(sent.link!).searchParams.get('invite')!;
    const opened = await t.app.inject({ method: 'POST', url: '/v3/video/invite', headers: as['portal-customer'].headers, payload: { invite } });
    expect(opened.statusCode).toBe(200);
    const applicant = opened.json().data;
    expect(applicant).toMatchObject({ role: 'APPLICANT', room: ticket.room, pin: ticket.pin, peerName: expect.any(String) });
    expect(applicant.token).not.toBe(ticket.token);

    // Janus lets the two invited tokens in and refuses any other, even with the room's pin and a valid gateway token.
    expect(await joinThroughProxy(ticket, ticket.token)).toMatchObject({ videoroom: 'joined' });
    expect(await joinThroughProxy(applicant, applicant.token)).toMatchObject({ videoroom: 'joined' });
    expect(await joinThroughProxy(applicant, 'a-guessed-token')).toMatchObject({ error_code: 433 });
    // The browser cannot manage rooms through the proxy, nor attach another plugin.
    const s = (await proxy('', { janus: 'create', transaction: 'a', token: ticket.gatewayToken })).json().data.id;
    expect((await proxy(`/${s}`, { janus: 'attach', plugin: 'janus.plugin.echotest', transaction: 'b', token: ticket.gatewayToken })).statusCode).toBe(403);
    const h = (await proxy(`/${s}`, { janus: 'attach', plugin: 'janus.plugin.videoroom', transaction: 'c', token: ticket.gatewayToken })).json().data.id;
    const destroy = await proxy(`/${s}/${h}`, { janus: 'message', transaction: 'd', token: ticket.gatewayToken, body: { request: 'destroy', room: ticket.room } });
    expect(destroy.statusCode).toBe(403);
    expect(destroy.json().data[0].reason).toBe('Rooms are created and managed by the server');
    // Without a signed token Janus itself refuses.
    expect((await proxy('', { janus: 'create', transaction: 'e' })).json()).toMatchObject({ janus: 'error', error: { code: 403 } });

    // Only cpa1 may rejoin or end it; cpa2 (same team) gets the answer a missing call gets.
    const other = await t.app.inject({ method: 'POST', url: `/v3/video/application/${appId}/calls/${call.callId}/join`, headers: as.cpa2.headers });
    const missing = await t.app.inject({ method: 'POST', url: `/v3/video/application/${appId}/calls/VC-0000000000000000/join`, headers: as.cpa2.headers });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual(missing.json());
    expect((await t.app.inject({ method: 'POST', url: `/v3/video/application/${appId}/calls/${call.callId}/join`, headers: as.cpa1.headers })).json().data.token).toBe(ticket.token);

    // A still of the applicant is filed as a document of the application; a fake "image" is refused.
    const JPEG = 'data:image/jpeg;base64,' + Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46, 0x49, 0x46, 0, 1, 0xff, 0xd9]).toString('base64');
    const stillUrl = `/v3/video/application/${appId}/calls/${call.callId}/still`;
    const still = await t.app.inject({ method: 'POST', url: stillUrl, headers: as.cpa1.headers, payload: { image: JPEG } });
    expect(still.statusCode).toBe(200);
    const docs = await t.app.db.query(`SELECT field_key, mime, uploaded_by FROM documents WHERE file_id = $1 AND application_id = $2`, [still.json().data.fileId, appId]);
    expect(docs.rows).toEqual([{ field_key: 'VIDEO_CALL', mime: 'image/jpeg', uploaded_by: 'cpa1' }]);
    const fake = await t.app.inject({ method: 'POST', url: stillUrl, headers: as.cpa1.headers, payload: { image: 'data:image/jpeg;base64,' + Buffer.from('<script>').toString('base64') } });
    expect(fake.statusCode).toBe(400);
    expect(fake.json().data[0].reason).toBe("The file's content is not the image it claims to be");

    // Hang up: the room is gone, the call ENDED (COMPLETED: the applicant joined), the worklog says how long.
    const ended = await t.app.inject({ method: 'POST', url: `/v3/video/application/${appId}/calls/${call.callId}/end`, headers: as.cpa1.headers, payload: {} });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().data).toMatchObject({ status: 'ENDED', outcome: 'COMPLETED', durationSeconds: expect.any(Number) });
    expect(await janus.client.roomExists(ticket.room)).toBe(false);
    const endLog = await t.app.db.query<{ comment: string }>(`SELECT comment FROM worklogs WHERE application_id = $1 AND action = 'video_call_ended'`, [appId]);
    expect(endLog.rows[0].comment).toMatch(/^Video call with .+ ended \(completed, \d+ s\)$/);
    const endText = await t.app.db.query<{ text: Record<string, unknown> }>(`SELECT text FROM worklogs WHERE application_id = $1 AND action = 'video_call_ended'`, [appId]);
    expect(endText.rows[0].text).toMatchObject({ key: 'videoCallEndedLog', params: { outcome: 'COMPLETED', seconds: expect.any(Number) }, terms: { outcome: 'videoOutcome' } });
    expect((await t.app.inject({ method: 'POST', url: stillUrl, headers: as.cpa1.headers, payload: { image: JPEG } })).json().data[0].reason).toBe('This call has ended');
    // The link of an ended call is refused like a tampered one.
    const late = await t.app.inject({ method: 'POST', url: '/v3/video/invite', headers: as['portal-customer'].headers, payload: { invite } });
    expect(late.statusCode).toBe(400);
    expect(late.json().data[0].reason).toBe('The link is either expired or invalid or your application has already been submitted for further processing.');
    const list = await t.app.inject({ method: 'GET', url: '/v3/video/calls', headers: as.cpa1.headers });
    expect(list.json().data[0]).toMatchObject({ callId: call.callId, status: 'ENDED' });
  });

  test('invitation links: tampered and expired ones are refused; access rules of the application apply', async () => {
    const res = await start(as.cpa1);
    const sent = (t.app.notifier as SandboxNotifier).sent().at(-1)!;
    const invite = new URL(sent.link!).searchParams.get('invite')!;
    const tampered = invite.slice(0, -2) + (invite.endsWith('00') ? '11' : '00');
    const bad = await t.app.inject({ method: 'POST', url: '/v3/video/invite', headers: as['portal-customer'].headers, payload: { invite: tampered } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().data[0]).toEqual({ label: 'invite', reason: 'The link is either expired or invalid or your application has already been submitted for further processing.' });
    await expect(openInvite(t.app.db, t.app.video, linkKey(t.env.dataDir), invite, new Date(Date.now() + 2 * 3600_000))).rejects.toMatchObject({ body: { data: [{ reason: INVITE_EXPIRED }] } });
    // viewer1 has application access only; dev1 may not open a north application: the neutral 404.
    expect((await start(as.viewer1)).statusCode).toBe(403);
    expect((await start(as.dev1)).statusCode).toBe(404);
    await t.app.inject({ method: 'POST', url: `/v3/video/application/${appId}/calls/${res.json().data.call.callId}/end`, headers: as.cpa1.headers, payload: {} });
  });

  test('health reports the gateway; Janus gone → down, and starting a call fails without leaving a call behind', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json().video).toBe('ok');
    const before = (await t.app.db.query(`SELECT count(*)::int AS n FROM video_calls`)).rows[0];
    await janus.stop();
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json()).toMatchObject({ status: 'ok', video: 'down' });
    const res = await start(as.cpa1);
    expect(res.statusCode).toBe(502);
    expect(res.json().data[0]).toMatchObject({ label: 'video', reason: expect.stringContaining('The video gateway (Janus) did not answer') });
    expect((await t.app.db.query(`SELECT count(*)::int AS n FROM video_calls`)).rows[0]).toEqual(before);
  });
});

describe('video not set up', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 180_000);
  afterAll(() => t?.close());

  test('staff are told plainly how to set it up; health says off', async () => {
    const cpa1 = await loginAs(t.app, 'cpa1');
    expect((await t.app.inject({ method: 'GET', url: '/health' })).json().video).toBe('off');
    const status = await t.app.inject({ method: 'GET', url: '/v3/video/status', headers: cpa1.headers });
    expect(status.json()).toMatchObject({ state: 'off', reason: expect.stringContaining('apt-get install -y janus janus-tools') });
    // The same reason as a key of the video texts, with the literal command and setting it names (issue 30: said in the page's language).
    expect(status.json()).toMatchObject({ reasonKey: 'notInstalled', reasonParams: { command: 'apt-get install -y janus janus-tools', start: 'npm start', setting: 'JANUS_URL' } });
    const { rows } = await t.app.db.query<{ application_id: string }>(`SELECT application_id FROM applications WHERE branch = 'BR-NORTH' AND status = 'ACTIVE' LIMIT 1`);
    const res = await t.app.inject({ method: 'POST', url: `/v3/video/application/${rows[0].application_id}/calls`, headers: cpa1.headers, payload: {} });
    expect(res.statusCode).toBe(409);
    expect(res.json().data[0]).toMatchObject({ label: 'video', reason: expect.stringContaining('JANUS_URL') });
    expect((await t.app.inject({ method: 'POST', url: '/video/janus', payload: { janus: 'create', transaction: 'x' } })).statusCode).toBe(409);
  });
});
