import type { JanusClient } from '../../adapters/janus/client';
import { signJanusToken } from '../../adapters/janus/token';

/** A STUN/TURN server the browsers are told about (VIDEO_STUN_URL / VIDEO_TURN_URL, README "Video calls"). */
export interface IceServer {
  urls: string;
  username?: string;
  credential?: string;
}

/**
 * The video gateway as the domain sees it: a Janus client (null when video is not set up, with the reason and how to
 * set it up), how browsers authenticate to it, the ICE servers they are given and the recording settings.
 */
export interface VideoGateway {
  client: JanusClient | null;
  /** Why video is off, in words a staff member can act on; null when a Janus is configured. */
  whyOff: string | null;
  /**
   * The same reason as a key of the video area's language texts and its parameters (commands, settings and the
   * system's error message, shown as they are typed), so the staff page says it in the reader's language.
   */
  whyOffText?: { key: 'notInstalled' | 'startFailed' | 'autostartOff'; params: Record<string, string> } | null;
  /** Whether the Janus was started by this server (its own child process) or is external (JANUS_URL). */
  mode: 'own' | 'external' | 'off';
  tokenSecret?: string;
  apiSecret?: string;
  iceServers: IceServer[];
  recording: boolean;
  /** Where the own Janus writes a call's recordings (DATA_DIR/video/recordings/<callId>). */
  recordingsDir: string;
  inviteValidityMinutes: number;
  /** Whether the own Janus process is still running (always true for an external one). */
  running(): boolean;
}

/** What a browser presents to Janus: a token signed for the video-room plugin (or the configured api secret). */
export function browserCredentials(g: VideoGateway, ttlSeconds: number): { gatewayToken?: string; apiSecret?: string } {
  return {
    gatewayToken: g.tokenSecret ? signJanusToken(g.tokenSecret, ttlSeconds) : undefined,
    apiSecret: g.apiSecret,
  };
}

/** The literal commands and settings the reasons name (never translated: they are typed as they are). */
export const VIDEO_HOW_TO = { command: 'apt-get install -y janus janus-tools', start: 'npm start', setting: 'JANUS_URL', autostart: 'JANUS_AUTOSTART=off' } as const;

export const VIDEO_NOT_SET_UP =
  'Video is not set up on this server: install Janus (as root: apt-get install -y janus janus-tools, which npm start does by itself) and restart, or set JANUS_URL to a running Janus.';
