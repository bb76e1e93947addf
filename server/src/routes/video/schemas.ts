import type { TSchema } from '@sinclair/typebox';
import { Type } from '@sinclair/typebox';

const Nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);

export const CallId = Type.String({ minLength: 4, maxLength: 40, pattern: '^VC-[0-9a-f]{16}$', description: 'Video call id' });

export const Call = Type.Object(
  {
    callId: Type.String(),
    application_id: Type.String(),
    staffUser: Type.String(),
    applicantName: Type.String(),
    applicantEmail: Type.String(),
    status: Type.Union([Type.Literal('LIVE'), Type.Literal('ENDED')]),
    outcome: Nullable(Type.String({ description: 'COMPLETED, NO_SHOW (the applicant never joined) or FAILED' })),
    recording: Type.Boolean(),
    createdAt: Type.String(),
    applicantJoinedAt: Nullable(Type.String()),
    endedAt: Nullable(Type.String()),
    durationSeconds: Nullable(Type.Integer()),
    inviteExpiresAt: Type.String(),
    files: Type.Array(Type.Object({ fileId: Type.String(), name: Type.String(), kind: Type.Union([Type.Literal('STILL'), Type.Literal('RECORDING')]) }), {
      description: 'Evidence filed as documents of the application: stills and, after hang-up, the converted recordings',
    }),
  },
  { description: 'A video call with the applicant (no pin, secret or token)' },
);

const IceServer = Type.Object({ urls: Type.String(), username: Type.Optional(Type.String()), credential: Type.Optional(Type.String()) });

export const JoinTicket = Type.Object(
  {
    callId: Type.String(),
    application_id: Type.String(),
    role: Type.Union([Type.Literal('STAFF'), Type.Literal('APPLICANT')]),
    server: Type.String({ description: "Janus's HTTP API as the browser reaches it (the server's proxy)" }),
    room: Type.Number({ description: 'Janus room id' }),
    pin: Type.String({ description: '§3 secret pin of the room' }),
    token: Type.String({ description: "This participant's token in the room's allowed list" }),
    gatewayToken: Type.Optional(Type.String({ description: 'Signed Janus token (video-room plugin only, expiring)' })),
    apiSecret: Type.Optional(Type.String()),
    display: Type.String({ description: 'The name this participant is shown by' }),
    peerName: Type.String({ description: 'The other participant' }),
    iceServers: Type.Array(IceServer, { description: 'TURN/STUN for RTCPeerConnection; empty unless configured (VIDEO_STUN_URL, VIDEO_TURN_URL)' }),
    bitratePollMs: Type.Integer({ description: '§9 remote bitrate poll interval' }),
    maxPublishers: Type.Integer({ description: '§9 maximum publishers of the room' }),
  },
  { description: 'What a participant needs to join the call' },
);
