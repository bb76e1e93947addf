import { randomBytes, randomInt } from 'node:crypto';
import { join } from 'node:path';
import { VIDEO_MAX_PUBLISHERS } from '@lendline/shared/contract';

/** §3 Video room creation, as sent to Janus's video-room `create`. */
export interface RoomCreation {
  room: number;
  description: string;
  permanent: false;
  is_private: true;
  pin: string;
  secret: string;
  publishers: number;
  allowed: string[];
  require_pvtid: true;
  record: boolean;
  rec_dir?: string;
  videocodec: string;
  vp9_profile?: string;
  h264_profile?: string;
  audiocodec: string;
  /** Tells the participants when someone joins the room, before they publish (the §4 participant-joined event). */
  notify_joining: true;
}

export const secret = (bytes = 16) => randomBytes(bytes).toString('hex');
/** Room ids are Janus's numeric ids; random in 1..2^52 so a guess finds nothing and two servers do not collide. */
export const newRoomId = () => randomInt(1, 2 ** 47) * 32 + randomInt(0, 32);

/**
 * One private room per call: a random pin and secret, at most two publishers (§9), only the two participants'
 * tokens allowed, subscribers need the private id of a publisher in the room, VP8 + Opus (what every phone
 * browser sends; profiles apply to VP9/H.264 only), recorded into the call's own folder when recording is on.
 */
export function roomFor(call: { callId: string; roomId: number; pin: string; secret: string; tokens: string[]; recording: boolean; recordingsDir: string }): RoomCreation {
  return {
    room: call.roomId,
    description: `Lendline call ${call.callId}`,
    permanent: false,
    is_private: true,
    pin: call.pin,
    secret: call.secret,
    publishers: VIDEO_MAX_PUBLISHERS,
    allowed: call.tokens,
    require_pvtid: true,
    record: call.recording,
    ...(call.recording ? { rec_dir: join(call.recordingsDir, call.callId) } : {}),
    videocodec: 'vp8',
    audiocodec: 'opus',
    notify_joining: true,
  };
}
