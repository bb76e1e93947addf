// What the video routes answer, typed once for the server and mf-video (the server's TypeBox schemas in
// routes/video/schemas.ts check the same shapes on the wire).

/** A still or a recording filed from a call. */
export interface CallFile {
  fileId: string;
  name: string;
  kind: 'STILL' | 'RECORDING';
}

/** A call as clients see it (no pin, secret or token). */
export interface CallView {
  callId: string;
  application_id: string;
  staffUser: string;
  applicantName: string;
  applicantEmail: string;
  status: 'LIVE' | 'ENDED';
  outcome: 'COMPLETED' | 'NO_SHOW' | 'FAILED' | null;
  recording: boolean;
  createdAt: string;
  applicantJoinedAt: string | null;
  endedAt: string | null;
  durationSeconds: number | null;
  inviteExpiresAt: string;
  files: CallFile[];
}

/** What a participant's browser needs to join the room (§3 Video stream: room, secret pin; §9 poll and publishers). */
export interface JoinTicket {
  callId: string;
  application_id: string;
  role: 'STAFF' | 'APPLICANT';
  server: string;
  room: number;
  pin: string;
  token: string;
  gatewayToken?: string;
  apiSecret?: string;
  display: string;
  peerName: string;
  iceServers: { urls: string; username?: string; credential?: string }[];
  bitratePollMs: number;
  maxPublishers: number;
}
