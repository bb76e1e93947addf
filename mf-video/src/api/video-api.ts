import { api } from '@lendline/shared';
import type { CallView, JoinTicket } from '@lendline/shared';

// The wire types are the contract's (one definition for the server and this module).
export type { CallFile, JoinTicket } from '@lendline/shared';
/** A call as the server lists it. */
export type VideoCallView = CallView;

export interface VideoStatus {
  state: 'off' | 'ok' | 'down';
  reason: string | null;
  /** The reason as a key of the video texts (offReason.<key>) and the commands and settings it names. */
  reasonKey?: 'notInstalled' | 'startFailed' | 'autostartOff' | 'down' | null;
  reasonParams?: Record<string, string>;
  mode: string;
}

const postInvite = (invite: string) => api.post<{ data: JoinTicket }>('/v3/video/invite', { invite }, { silent: true }).then((r) => r.data);
const prefetched = new Map<string, Promise<JoinTicket>>();

/**
 * Starts opening the invitation as soon as the area renders (area.tsx), while the applicant page's chunk (janus.js,
 * the call UI) is still loading: the two no longer wait on each other.
 */
export function prefetchInvite(invite: string): void {
  if (prefetched.has(invite)) return;
  const early = postInvite(invite);
  early.catch(() => undefined); // the page's own handler sees the refusal
  prefetched.set(invite, early);
}

const base = (applicationId: string) => `/v3/video/application/${encodeURIComponent(applicationId)}/calls`;

export const videoApi = {
  status: () => api.get<VideoStatus>('/v3/video/status'),
  myCalls: () => api.get<{ data: VideoCallView[] }>('/v3/video/calls').then((r) => r.data),
  callsOf: (applicationId: string) => api.get<{ data: VideoCallView[] }>(base(applicationId)).then((r) => r.data),
  start: (applicationId: string) =>
    api.post<{ data: { call: VideoCallView; ticket: JoinTicket; invitation: { to: string; sentAt: string; sandboxLink?: string } } }>(base(applicationId), {}).then((r) => r.data),
  join: (applicationId: string, callId: string) => api.post<{ data: JoinTicket }>(`${base(applicationId)}/${callId}/join`, {}).then((r) => r.data),
  end: (applicationId: string, callId: string, outcome?: 'FAILED') => api.post<{ data: VideoCallView }>(`${base(applicationId)}/${callId}/end`, outcome ? { outcome } : {}).then((r) => r.data),
  /**
   * The applicant's side: the invitation link's sealed value → their ticket. Silent: the page maps refusals itself.
   * Answers the request prefetchInvite started for it, if any (once).
   */
  openInvite: (invite: string) => {
    const early = prefetched.get(invite);
    prefetched.delete(invite);
    return early ?? postInvite(invite);
  },
  still: (applicationId: string, callId: string, image: string) => api.post<{ data: { fileId: string; name: string } }>(`${base(applicationId)}/${callId}/still`, { image }).then((r) => r.data),
};
