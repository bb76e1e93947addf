import Janus from 'janus-gateway';
import adapter from 'webrtc-adapter';
import type { JoinTicket } from '../../api/video-api';

/** §4 Video events, as the call reports them. */
export type CallEventKind =
  | 'joined'
  | 'left'
  | 'roomCreated'
  | 'roomDestroyed'
  | 'participantJoined'
  | 'participantLeft'
  | 'message'
  | 'slowLinkLocal'
  | 'slowLinkRemote'
  | 'connectionFailed';

export interface CallListener {
  /** The local stream (camera + microphone) or null once it is detached. */
  local(stream: MediaStream | null): void;
  /** The remote participant's stream, or null when they left, unpublished or the room was destroyed. */
  remote(stream: MediaStream | null, name: string | null): void;
  event(kind: CallEventKind, detail?: { name?: string; text?: string }): void;
  /** Joining was refused by the room (§8 "room errors reject the join"), or Janus could not be reached. */
  refused(reason: string): void;
  /** Every poll (§9 bitrate poll): what janus.js measures and the audio bytes received so far. */
  stats(s: { bitrate: string; audioBytes: number; videoFrames: number }): void;
}

let ready: Promise<void> | null = null;
/** janus.js needs init once; its ESM build wants webrtc-adapter passed in (it references a global otherwise). */
export function initJanus(): Promise<void> {
  ready ??= new Promise((resolve) => Janus.init({ debug: false, dependencies: Janus.useDefaultDependencies({ adapter }), callback: () => resolve() }));
  return ready;
}

/**
 * Camera and microphone for a call. Started as early as the page knows a call is coming (the staff's click, before the
 * room exists; the applicant's join, alongside the Janus handshake) so getUserMedia never waits on the network.
 */
export function captureMedia(): Promise<MediaStream> {
  return navigator.mediaDevices.getUserMedia({ audio: true, video: { facingMode: 'user' } });
}

/**
 * User Timing marks (`video:<step>`) along the way to the first remote frame: the benchmark reads them to say where
 * the time goes. Cheap, and visible in the browser's performance panel.
 */
export function mark(step: string) {
  performance.mark?.(`video:${step}`);
}

type Handle = Parameters<NonNullable<Parameters<Janus['attach']>[0]['success']>>[0];
type Msg = Record<string, unknown> & { videoroom?: string; error?: string; error_code?: number };
interface Publisher {
  id: number;
  display?: string;
}

/** A subscription: its handle (attached ahead of need, see `spare`), the feed it carries and what it received. */
interface Slot {
  handle: Handle | null;
  feed: number | null;
  name: string | null;
  stream: MediaStream;
}

/**
 * One participant in one call room, on janus.js's classic API: the local stream joins as publisher (audio, video and a
 * data channel for the text chat), each remote publisher is subscribed one by one on its own handle, remote streams are
 * dropped when their participant leaves or unpublishes and everything when the room is destroyed or we leave.
 * Mute and the bitrate cap are `configure` requests, so Janus stops relaying (the other side's bytes stop), not only
 * the local track. ICE "failed" is the §8 connection-failed event.
 *
 * Latency: `warm()` opens the Janus session and attaches the publisher handle and one spare subscriber handle without
 * entering the room (the applicant's page does it while they look at the preview), so `join()` costs one request; the
 * camera is opened alongside; on "joined" the other side is subscribed before our own offer is made.
 */
export class JanusCall {
  private janus: Janus | null = null;
  private publisher: Handle | null = null;
  private subscribers = new Map<number, Slot>();
  /** A subscriber handle attached before anyone needs it (a room holds 2 publishers: one remote at a time). */
  private spare: Promise<Slot> | null = null;
  private localStream = new MediaStream();
  /** Feeds being subscribed (attach in flight), so a repeated publishers list does not subscribe twice. */
  private pending = new Set<number>();
  private privateId: number | null = null;
  private warming: Promise<void> | null = null;
  /** join() was called: from then on, a failure is the user's to see. */
  private entering = false;
  /** The session failed before join() was called (warm-up): join() reports it. */
  private lostBeforeJoin: string | null = null;
  private joined = false;
  private closed = false;
  private poll: ReturnType<typeof setInterval> | null = null;
  private audioOn = true;
  private videoOn = true;
  /** The offer (with the audio/video state of that moment) has been sent. */
  private published = false;
  /** The camera and microphone, opened while the Janus handshake runs (see captureMedia). */
  private media: Promise<MediaStream> | null = null;

  constructor(
    readonly ticket: JoinTicket,
    private readonly on: CallListener,
  ) {}

  /** Warmed and not yet used: join() may still be called on it. */
  get fresh(): boolean {
    return !this.entering && !this.closed && !this.lostBeforeJoin;
  }

  /** Session, publisher handle and a spare subscriber handle; nothing the other participant can see. */
  warm(): Promise<void> {
    this.warming ??= this.open();
    return this.warming;
  }

  private async open(): Promise<void> {
    mark('warm');
    await initJanus();
    if (this.closed) throw new Error('closed');
    const t = this.ticket;
    await new Promise<void>((resolve, reject) => {
      this.janus = new Janus({
        server: t.server,
        // Never janus.js's default public STUN server: only what the server configured (none on loopback).
        iceServers: t.iceServers ?? [],
        token: t.gatewayToken,
        apisecret: t.apiSecret,
        destroyOnUnload: true,
        success: () => {
          // Left while the session was being created: close() has already handed it to destroy.
          if (this.closed || !this.janus) return reject('closed');
          mark('session');
          this.spare = this.attachSubscriber();
          this.spare.catch(() => undefined);
          this.attachPublisher(resolve, reject);
        },
        error: (e: unknown) => {
          if (this.closed) return;
          reject(String(e));
          if (this.joined) this.failed();
          else if (this.entering) this.on.refused(String(e));
          else this.lostBeforeJoin = String(e);
        },
      });
    });
  }

  /** Enter the room as publisher with this capture (or one opened now, alongside whatever warm-up is left). */
  async join(media?: Promise<MediaStream>): Promise<void> {
    this.entering = true;
    mark('start');
    this.media = media ?? captureMedia();
    // Handled where it is awaited (publish); this only keeps an early refusal from being "unhandled".
    this.media.catch(() => undefined);
    if (this.lostBeforeJoin) return this.on.refused(this.lostBeforeJoin);
    try {
      await this.warm();
    } catch (e) {
      return this.on.refused(String(e));
    }
    if (this.closed) return;
    const t = this.ticket;
    this.publisher!.send({ message: { request: 'join', ptype: 'publisher', room: t.room, pin: t.pin, token: t.token, display: t.display } });
  }

  private attachPublisher(resolve: () => void, reject: (e: string) => void) {
    this.janus!.attach({
      plugin: 'janus.plugin.videoroom',
      success: (h) => {
        mark('attached');
        this.publisher = h;
        resolve();
      },
      error: (e) => reject(String(e)),
      iceState: (s) => {
        if (s === 'connected') mark('publisher-ice');
        if (s === 'failed') this.failed();
      },
      // Janus's slowlink on our publisher: it loses packets we send (or its NACKs to us pile up): our link is slow.
      slowLink: () => this.on.event('slowLinkLocal'),
      onlocaltrack: (track, added) => {
        if (added) this.localStream.addTrack(track);
        else this.localStream.removeTrack(track);
        this.on.local(this.localStream.getTracks().length ? new MediaStream(this.localStream.getTracks()) : null);
      },
      onmessage: (msg: Msg, jsep) => this.publisherMessage(msg, jsep),
      oncleanup: () => this.on.local(null),
    });
  }

  private publisherMessage(msg: Msg, jsep?: Parameters<Handle['handleRemoteJsep']>[0]['jsep']) {
    const h = this.publisher!;
    const kind = msg.videoroom;
    if (kind === 'joined') {
      mark('joined');
      this.joined = true;
      this.privateId = Number(msg.private_id);
      this.on.event('roomCreated');
      this.on.event('joined');
      // Subscribe first: the other side's picture does not wait for our own capture and offer.
      this.subscribeAll(msg.publishers as Publisher[] | undefined, true);
      void this.publish(h);
    } else if (kind === 'event') {
      if (msg.error_code) {
        if (!this.joined) this.on.refused(String(msg.error ?? msg.error_code));
        return;
      }
      this.subscribeAll(msg.publishers as Publisher[] | undefined);
      const gone = (msg.leaving ?? msg.unpublished) as number | string | undefined;
      if (gone !== undefined && gone !== 'ok') this.dropRemote(Number(gone));
      // notify_joining: someone entered the room (before publishing); a publisher already there is announced on subscribe.
      const joining = msg.joining as Publisher | undefined;
      if (joining) this.on.event('participantJoined', { name: joining.display });
    } else if (kind === 'destroyed') {
      this.on.event('roomDestroyed');
      this.close(false);
    }
    if (jsep) h.handleRemoteJsep({ jsep });
  }

  /** Publish the captured tracks (the capture started with the call, so it is usually ready by now). */
  private async publish(h: Handle) {
    let stream: MediaStream;
    try {
      stream = await this.media!;
    } catch (e) {
      this.on.refused(e instanceof Error ? e.message : String(e));
      return;
    }
    mark('media');
    if (this.closed) return;
    const audio = stream.getAudioTracks()[0];
    const video = stream.getVideoTracks()[0];
    // Muted before the offer (e.g. the applicant muted the preview): the tracks go out disabled.
    if (audio) audio.enabled = this.audioOn;
    if (video) video.enabled = this.videoOn;
    h.createOffer({
      tracks: [
        { type: 'audio', capture: audio ?? true, recv: false },
        { type: 'video', capture: video ?? true, recv: false },
        { type: 'data', capture: false },
      ],
      success: (offer) => {
        mark('offer');
        this.published = true;
        h.send({ message: { request: 'configure', audio: this.audioOn, video: this.videoOn }, jsep: offer });
      },
      error: (e) => this.on.refused(e instanceof Error ? e.message : String(e)),
    });
  }

  private subscribeAll(list: Publisher[] | undefined, announce = false) {
    for (const p of list ?? []) {
      if (this.subscribers.has(p.id) || this.pending.has(p.id)) continue;
      this.pending.add(p.id);
      if (announce) this.on.event('participantJoined', { name: p.display });
      void this.subscribe(p);
    }
  }

  /** A subscriber handle whose callbacks serve whatever feed the slot is given later. */
  private attachSubscriber(): Promise<Slot> {
    const t = this.ticket;
    const slot: Slot = { handle: null, feed: null, name: null, stream: new MediaStream() };
    return new Promise((resolve, reject) => {
      this.janus!.attach({
        plugin: 'janus.plugin.videoroom',
        success: (h) => {
          slot.handle = h;
          resolve(slot);
        },
        error: (e) => reject(String(e)),
        iceState: (s) => {
          if (s === 'connected') mark('subscriber-ice');
          if (s === 'failed') this.failed();
        },
        // On a subscription: what we receive is losing packets (our downlink, or the sender's).
        slowLink: () => this.on.event('slowLinkRemote'),
        onmessage: (msg: Msg, jsep) => {
          if (jsep) {
            mark('subscriber-offer');
            slot.handle!.createAnswer({
              jsep,
              tracks: [{ type: 'data', capture: false }],
              success: (answer) => slot.handle!.send({ message: { request: 'start', room: t.room }, jsep: answer }),
              error: () => undefined,
            });
          }
          if (msg.videoroom === 'event' && msg.error_code === 428 && slot.feed !== null) this.dropRemote(slot.feed);
        },
        onremotetrack: (track, _mid, added) => {
          if (added) mark(`remote-${track.kind}`);
          if (added && track.readyState !== 'ended') slot.stream.addTrack(track);
          else slot.stream.removeTrack(track);
          this.on.remote(slot.stream.getTracks().length ? new MediaStream(slot.stream.getTracks()) : null, slot.name);
          this.startPolling();
        },
        ondata: (data: unknown) => this.on.event('message', { name: slot.name ?? undefined, text: String(data) }),
        oncleanup: () => undefined,
      });
    });
  }

  private async subscribe(p: Publisher) {
    const spare = this.spare;
    this.spare = null;
    let slot: Slot;
    try {
      slot = await (spare ?? this.attachSubscriber());
    } catch {
      this.pending.delete(p.id);
      return;
    }
    if (this.closed || !this.pending.has(p.id)) {
      slot.handle?.detach();
      return;
    }
    mark('subscriber-attached');
    slot.feed = p.id;
    slot.name = p.display ?? null;
    this.pending.delete(p.id);
    this.subscribers.set(p.id, slot);
    const t = this.ticket;
    slot.handle!.send({ message: { request: 'join', ptype: 'subscriber', room: t.room, pin: t.pin, private_id: this.privateId, streams: [{ feed: p.id }] } });
    // Ready for the next publisher (the other side leaving and coming back).
    this.spare = this.attachSubscriber();
    this.spare.catch(() => undefined);
  }

  private dropRemote(feed: number) {
    const s = this.subscribers.get(feed);
    this.pending.delete(feed);
    if (!s) return;
    this.subscribers.delete(feed);
    s.handle?.detach();
    this.on.remote(null, null);
    this.on.event('participantLeft', { name: s.name ?? undefined });
  }

  /** §9: the remote bitrate every bitratePollMs; janus.js reads 0 until its own 1 s timer ran, so it is polled. */
  private startPolling() {
    if (this.poll) return;
    this.poll = setInterval(() => void this.readStats(), this.ticket.bitratePollMs);
  }

  private async readStats() {
    const s = [...this.subscribers.values()][0];
    if (!s?.handle) return;
    const pc = s.handle.webrtcStuff?.pc as RTCPeerConnection | undefined;
    let audioBytes = 0;
    let videoFrames = 0;
    if (pc) {
      const report = await pc.getStats();
      report.forEach((r: { type: string; kind?: string; bytesReceived?: number; framesDecoded?: number }) => {
        if (r.type !== 'inbound-rtp') return;
        if (r.kind === 'audio') audioBytes += r.bytesReceived ?? 0;
        if (r.kind === 'video') videoFrames += r.framesDecoded ?? 0;
      });
    }
    this.on.stats({ bitrate: s.handle.getBitrate(), audioBytes, videoFrames });
  }

  private failed() {
    if (this.closed) return;
    this.on.event('connectionFailed');
  }

  /** Mute/unmute the microphone: Janus stops relaying it, and the local track stops too. */
  setAudio(on: boolean) {
    this.audioOn = on;
    const h = this.publisher;
    if (!h) return;
    if (on) h.unmuteAudio();
    else h.muteAudio();
    // Before the offer went out there is nothing to configure: publish() sends the current state with it.
    if (this.published) h.send({ message: { request: 'configure', audio: on } });
  }

  setVideo(on: boolean) {
    this.videoOn = on;
    const h = this.publisher;
    if (!h) return;
    if (on) h.unmuteVideo();
    else h.muteVideo();
    // Before the offer went out there is nothing to configure: publish() sends the current state with it.
    if (this.published) h.send({ message: { request: 'configure', video: on } });
  }

  /** The cap Janus tells the sender to keep under (REMB), bits per second; 0 removes it. */
  setBitrate(bps: number) {
    if (this.published) this.publisher?.send({ message: { request: 'configure', bitrate: bps } });
  }

  sendText(text: string) {
    this.publisher?.data({ text, error: () => undefined });
  }

  get audio() {
    return this.audioOn;
  }
  get video() {
    return this.videoOn;
  }

  /** The remote participant's current frame as a JPEG data URI (the "capture still" evidence), or null. */
  static still(video: HTMLVideoElement | null): string | null {
    if (!video || !video.videoWidth) return null;
    const canvas = document.createElement('canvas');
    canvas.width = video.videoWidth;
    canvas.height = video.videoHeight;
    canvas.getContext('2d')?.drawImage(video, 0, 0);
    return canvas.toDataURL('image/jpeg', 0.85);
  }

  /** Leave: unpublish and leave the room, detach every remote stream, end the Janus session. */
  close(sendLeave = true) {
    if (this.closed) return;
    this.closed = true;
    if (this.poll) clearInterval(this.poll);
    for (const feed of [...this.subscribers.keys()]) {
      const s = this.subscribers.get(feed)!;
      s.handle?.detach();
    }
    this.subscribers.clear();
    this.on.remote(null, null);
    if (sendLeave && this.publisher) this.publisher.send({ message: { request: 'leave' } });
    this.publisher?.hangup();
    for (const track of this.localStream.getTracks()) track.stop();
    // A capture still under way when we leave is released as soon as it arrives (the camera light goes off).
    this.media?.then((m) => m.getTracks().forEach((track) => track.stop()), () => undefined);
    this.spare?.then((slot) => slot.handle?.detach(), () => undefined);
    this.spare = null;
    this.on.local(null);
    if (sendLeave) this.on.event('left');
    const j = this.janus;
    this.janus = null;
    setTimeout(() => j?.destroy({ notifyDestroyed: false }), sendLeave ? 300 : 0);
  }
}
