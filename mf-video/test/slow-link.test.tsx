import { act, render, screen } from '@testing-library/react';
import type { JoinTicket } from '../src/api/video-api';

/**
 * "Slow link (local/remote) shown as a quality warning" (issue 15). A real slow link cannot be provoked in the e2e's
 * network namespace (no netem qdisc on this kind of machine, and loopback loses nothing), so this runs the real
 * janus.js (janus-gateway 1.4.2) against a scripted Janus HTTP API: janus.js long-polls the session, gets Janus's own
 * `slowlink` event (the shape Janus 1.x sends: sender, mid, media, uplink, lost) for our publisher handle or for the
 * handle subscribed to the other side, and the call view must show the matching warning and log the event.
 */

/** jsdom has no WebRTC: what janus.js and the call touch before any peer connection exists. */
class FakeStream {
  private tracks: MediaStreamTrack[];
  constructor(tracks: MediaStreamTrack[] = []) {
    this.tracks = [...tracks];
  }
  getTracks() {
    return this.tracks;
  }
  getAudioTracks() {
    return this.tracks.filter((t) => t.kind === 'audio');
  }
  getVideoTracks() {
    return this.tracks.filter((t) => t.kind === 'video');
  }
  addTrack(t: MediaStreamTrack) {
    this.tracks.push(t);
  }
  removeTrack(t: MediaStreamTrack) {
    this.tracks = this.tracks.filter((x) => x !== t);
  }
}

const SESSION = 4101;
let nextHandle = 5200;
/** The Janus HTTP API as janus.js sees it: POSTs answered at once, long polls held until the test has an event. */
const posts: { url: string; body: Record<string, unknown> }[] = [];
const held: ((events: unknown[]) => void)[] = [];
const answer = (body: unknown) => Promise.resolve({ ok: true, status: 200, json: () => Promise.resolve(body) });
function fakeJanusFetch(url: string, init: { method: string; body?: string }) {
  if (init.method === 'GET') return new Promise((resolve) => held.push((events) => resolve(answer(events))));
  const body = JSON.parse(init.body ?? '{}') as Record<string, unknown>;
  posts.push({ url, body });
  const tx = body.transaction;
  if (body.janus === 'create') return answer({ janus: 'success', transaction: tx, data: { id: SESSION } });
  if (body.janus === 'attach') return answer({ janus: 'success', transaction: tx, data: { id: ++nextHandle } });
  return answer({ janus: 'ack', session_id: SESSION, transaction: tx });
}
/** Janus answers the oldest pending long poll with these events. */
async function janusSends(...events: unknown[]) {
  await waitFor(() => held.length > 0);
  await act(async () => {
    held.shift()!(events);
    await new Promise((r) => setTimeout(r, 20));
  });
}
async function waitFor(ok: () => boolean) {
  for (let i = 0; i < 200 && !ok(); i++) await act(() => new Promise((r) => setTimeout(r, 10)));
  expect(ok()).toBe(true);
}
const joinsSent = () => posts.filter((p) => (p.body.body as { request?: string } | undefined)?.request === 'join');
/** The handle a join was sent on: /janus/<session>/<handle>. */
const handleOf = (join: { url: string }) => Number(join.url.split('/').pop());

const ticket: JoinTicket = {
  callId: 'VC-1', application_id: 'APP-1', role: 'APPLICANT', server: '/janus', room: 1234, pin: 'pin', token: 'tok',
  display: 'Asha Rao', peerName: 'Credit Officer', iceServers: [], bitratePollMs: 1000, maxPublishers: 2,
};

beforeAll(() => {
  Object.assign(globalThis, { fetch: fakeJanusFetch, MediaStream: FakeStream });
  Object.assign(window, { RTCPeerConnection: class {}, MediaStream: FakeStream });
});

test('janus.js slowlink events become the quality warning: our uplink (publisher) and what we receive (subscriber)', async () => {
  const { useCallStore } = await import('../src/lib/call/call-store');
  const { CallView } = await import('../src/ui/call-view');
  render(<CallView onHangUp={() => undefined} onReconnect={() => undefined} hangUpLabel="Leave" compact />);
  // The capture never finishes here: the call joins and subscribes, but never reaches createOffer (no WebRTC in jsdom).
  await act(() => useCallStore.getState().connect(ticket, new Promise<MediaStream>(() => undefined)));
  await waitFor(() => joinsSent().length === 1);
  expect(screen.queryByTestId('slow-link')).toBeNull();

  // Janus: our publisher joined; the staff member is already publishing (we subscribe to them).
  const publisher = handleOf(joinsSent()[0]);
  await janusSends({
    janus: 'event', session_id: SESSION, sender: publisher, transaction: (joinsSent()[0].body.transaction as string),
    plugindata: { plugin: 'janus.plugin.videoroom', data: { videoroom: 'joined', room: 1234, id: 9001, private_id: 77, publishers: [{ id: 9002, display: 'Credit Officer' }] } },
  });
  await waitFor(() => joinsSent().length === 2);
  expect(joinsSent()[0].body.body).toMatchObject({ ptype: 'publisher', room: 1234 });
  expect(joinsSent()[1].body.body).toMatchObject({ ptype: 'subscriber', streams: [{ feed: 9002 }], private_id: 77 });
  const subscriber = handleOf(joinsSent()[1]);
  expect(subscriber).not.toBe(publisher);

  // Janus lost packets coming from us (uplink, on the publisher's handle): "your connection is slow".
  await janusSends({ janus: 'slowlink', session_id: SESSION, sender: publisher, mid: '1', media: 'video', uplink: true, lost: 37 });
  expect((await screen.findByTestId('slow-link')).textContent).toContain('Your connection is slow: the others may see you with poor quality.');
  expect((screen.getByTestId('call-events')).textContent).toContain('Slow link (yours)');

  // We lose packets Janus sends us (downlink, on the handle subscribed to the other side).
  await janusSends({ janus: 'slowlink', session_id: SESSION, sender: subscriber, mid: '0', media: 'video', uplink: false, lost: 52 });
  expect((screen.getByTestId('slow-link')).textContent).toContain('The video you receive is losing packets: its quality may drop.');
  expect((screen.getByTestId('call-events')).textContent).toContain('Slow link (incoming)');
  act(() => useCallStore.getState().reset());
});
