import type { IceServer } from '../domain/video/gateway';

/** Video settings (README "Video calls"), read by env.ts with the rest of the environment. */
export interface VideoEnv {
  /** JANUS_URL: an external Janus's HTTP API (…/janus). Unset: the server starts its own when the binary exists. */
  janusUrl?: string;
  /** For an external Janus: its token_auth_secret, api_secret and video-room admin_key, as it is configured. */
  janusTokenSecret?: string;
  janusApiSecret?: string;
  janusAdminKey?: string;
  /** JANUS_AUTOSTART=off: never start a Janus child process (video is then off without JANUS_URL). */
  autostart: boolean;
  /** JANUS_BIN: the binary to start (default `janus` on the PATH). */
  janusBin: string;
  /** JANUS_ICE_ENFORCE_LIST / JANUS_NAT_1_1: the own Janus's nat settings (interfaces for ICE; public address). */
  iceEnforceList?: string;
  nat11?: string;
  /** What browsers get as RTCPeerConnection iceServers: VIDEO_STUN_URL, VIDEO_TURN_URL (+ user, credential). None by default. */
  iceServers: IceServer[];
  /** VIDEO_RECORDING=off: rooms are created without recording. */
  recording: boolean;
  /** How long an applicant's invitation link stays valid (minutes). */
  inviteValidityMinutes: number;
}

const ICE_URL = /^(stun|stuns|turn|turns):[^\s]{1,250}$/;

export function loadVideoEnv(source: NodeJS.ProcessEnv, problems: string[]): VideoEnv {
  const janusUrl = source.JANUS_URL || undefined;
  if (janusUrl && !/^https?:\/\/[^\s]+$/.test(janusUrl)) problems.push('JANUS_URL must be an http(s) URL of the Janus HTTP API, e.g. http://127.0.0.1:8088/janus');
  const onOff = (name: string, fallback: boolean) => {
    const raw = (source[name] ?? '').toLowerCase();
    if (!raw) return fallback;
    if (['on', 'true', '1', 'yes'].includes(raw)) return true;
    if (['off', 'false', '0', 'no'].includes(raw)) return false;
    problems.push(`${name} must be on or off, got "${source[name]}"`);
    return fallback;
  };
  const iceServers: IceServer[] = [];
  const stun = source.VIDEO_STUN_URL || undefined;
  if (stun) {
    if (!/^stuns?:/.test(stun) || !ICE_URL.test(stun)) problems.push(`VIDEO_STUN_URL must look like stun:host:port, got "${stun}"`);
    iceServers.push({ urls: stun });
  }
  const turn = source.VIDEO_TURN_URL || undefined;
  if (turn) {
    if (!/^turns?:/.test(turn) || !ICE_URL.test(turn)) problems.push(`VIDEO_TURN_URL must look like turn:host:port, got "${turn}"`);
    if (!source.VIDEO_TURN_USERNAME || !source.VIDEO_TURN_CREDENTIAL) problems.push('VIDEO_TURN_URL needs VIDEO_TURN_USERNAME and VIDEO_TURN_CREDENTIAL');
    iceServers.push({ urls: turn, username: source.VIDEO_TURN_USERNAME, credential: source.VIDEO_TURN_CREDENTIAL });
  }
  const validity = Number(source.VIDEO_INVITE_VALIDITY_MINUTES ?? 60);
  if (!Number.isInteger(validity) || validity < 1 || validity > 7 * 24 * 60) problems.push('VIDEO_INVITE_VALIDITY_MINUTES must be an integer 1-10080');
  const iface = source.JANUS_ICE_ENFORCE_LIST || undefined;
  if (iface && !/^[\w.,:-]{1,200}$/.test(iface)) problems.push('JANUS_ICE_ENFORCE_LIST must be a comma list of interface names or addresses');
  const nat11 = source.JANUS_NAT_1_1 || undefined;
  if (nat11 && !/^[0-9a-f.:,]{1,200}$/i.test(nat11)) problems.push('JANUS_NAT_1_1 must be an IP address');
  return {
    janusUrl,
    janusTokenSecret: source.JANUS_TOKEN_SECRET || undefined,
    janusApiSecret: source.JANUS_API_SECRET || undefined,
    janusAdminKey: source.JANUS_ADMIN_KEY || undefined,
    autostart: onOff('JANUS_AUTOSTART', true),
    janusBin: source.JANUS_BIN || 'janus',
    iceEnforceList: iface,
    nat11,
    iceServers,
    recording: onOff('VIDEO_RECORDING', true),
    inviteValidityMinutes: validity,
  };
}
