import { create } from 'zustand';
import type { JoinTicket } from '../../api/video-api';
import { JanusCall, type CallEventKind } from './janus-call';

export type CallPhase = 'idle' | 'connecting' | 'joined' | 'failed' | 'refused' | 'ended' | 'left';

export interface CallEvent {
  id: number;
  kind: CallEventKind;
  name?: string;
  text?: string;
}

interface CallState {
  phase: CallPhase;
  ticket: JoinTicket | null;
  local: MediaStream | null;
  remote: MediaStream | null;
  remoteName: string | null;
  audio: boolean;
  video: boolean;
  bitrateCap: number;
  remoteBitrate: string | null;
  audioBytes: number;
  videoFrames: number;
  refusal: string | null;
  slowLink: 'local' | 'remote' | null;
  events: CallEvent[];
  /** Join with this ticket; `media` is a capture already under way (captureMedia), else the call starts its own. */
  connect(ticket: JoinTicket, media?: Promise<MediaStream>): Promise<void>;
  /** Opens the Janus session for this ticket ahead of connect (nothing visible to the other side until then). */
  prepare(ticket: JoinTicket): void;
  setAudio(on: boolean): void;
  setVideo(on: boolean): void;
  setBitrate(bps: number): void;
  sendText(text: string): void;
  leave(): void;
  reset(): void;
}

let call: JanusCall | null = null;
let seq = 0;
let slowTimer: ReturnType<typeof setTimeout> | null = null;

const initial = {
  phase: 'idle' as CallPhase,
  ticket: null,
  local: null,
  remote: null,
  remoteName: null,
  audio: true,
  video: true,
  bitrateCap: 0,
  remoteBitrate: null,
  audioBytes: 0,
  videoFrames: 0,
  refusal: null,
  slowLink: null,
  events: [] as CallEvent[],
};

type Set = (partial: Partial<CallState> | ((s: CallState) => Partial<CallState>)) => void;

/** A call whose events land in the store. */
function newCall(ticket: JoinTicket, set: Set): JanusCall {
  const push = (kind: CallEventKind, detail: { name?: string; text?: string } = {}) => set((s) => ({ events: [...s.events.slice(-49), { id: ++seq, kind, ...detail }] }));
  const mine: JanusCall = new JanusCall(ticket, {
    local: (stream) => set({ local: stream }),
    remote: (stream, name) => set({ remote: stream, remoteName: stream ? (name ?? ticket.peerName) : null }),
    event: (kind, detail) => {
      push(kind, detail);
      if (kind === 'joined') set({ phase: 'joined' });
      if (kind === 'connectionFailed') set({ phase: 'failed' });
      if (kind === 'roomDestroyed') set({ phase: 'ended' });
      if (kind === 'left') set({ phase: 'left' });
      if (kind === 'slowLinkLocal' || kind === 'slowLinkRemote') {
        set({ slowLink: kind === 'slowLinkLocal' ? 'local' : 'remote' });
        if (slowTimer) clearTimeout(slowTimer);
        slowTimer = setTimeout(() => set({ slowLink: null }), 10_000);
      }
    },
    refused: (reason) => {
      set({ phase: 'refused', refusal: reason });
      mine.close(false);
    },
    stats: ({ bitrate, audioBytes, videoFrames }) => set({ remoteBitrate: bitrate, audioBytes, videoFrames }),
  });
  return mine;
}

/** The page's one call (a page is in at most one call): its phase, streams, controls and §4 events. */
export const useCallStore = create<CallState>((set, get) => ({
  ...initial,
  async connect(ticket, media) {
    // A call warmed by prepare() for this same ticket is entered as it is; anything else is replaced.
    const warmed = call?.fresh && call.ticket === ticket ? call : null;
    if (!warmed) call?.close(false);
    // Mute / camera-off chosen before joining (the applicant's preview) carry into the call.
    const { audio, video } = get();
    set({ ...initial, audio, video, phase: 'connecting', ticket, events: get().events });
    const mine = warmed ?? newCall(ticket, set);
    call = mine;
    mine.setAudio(audio);
    mine.setVideo(video);
    await mine.join(media);
  },
  prepare(ticket) {
    if (call?.fresh && call.ticket === ticket) return;
    call?.close(false);
    call = newCall(ticket, set);
    void call.warm().catch(() => undefined);
  },
  setAudio(on) {
    call?.setAudio(on);
    set({ audio: on });
  },
  setVideo(on) {
    call?.setVideo(on);
    set({ video: on });
  },
  setBitrate(bps) {
    call?.setBitrate(bps);
    set({ bitrateCap: bps });
  },
  sendText(text) {
    call?.sendText(text);
    set((s) => ({ events: [...s.events.slice(-49), { id: ++seq, kind: 'message', name: s.ticket?.display, text }] }));
  },
  leave() {
    call?.close(true);
    call = null;
  },
  reset() {
    call?.close(false);
    call = null;
    set({ ...initial });
  },
}));
