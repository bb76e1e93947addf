import { randomBytes } from 'node:crypto';
import { signJanusToken } from './token';

/** A video-room answer Janus gave with an error code (e.g. 426 no such room, 427 room exists). */
export class JanusError extends Error {
  constructor(
    readonly code: number,
    message: string,
  ) {
    super(`Janus ${code}: ${message}`);
    this.name = 'JanusError';
  }
}

export interface JanusInfo {
  name?: string;
  version_string?: string;
  plugins?: Record<string, unknown>;
}

export interface JanusGatewayAuth {
  /** token_auth_secret of the Janus: the server signs a short token per request (token.ts). */
  tokenSecret?: string;
  /** A fixed token or api_secret for a Janus configured that way (JANUS_URL with JANUS_API_SECRET). */
  apiSecret?: string;
  /** The video-room plugin's admin_key (room create/destroy). */
  adminKey?: string;
}

type JanusReply = {
  janus: string;
  data?: { id?: number };
  error?: { code: number; reason: string };
  plugindata?: { plugin: string; data: Record<string, unknown> & { error_code?: number; error?: string } };
};

const VIDEOROOM = 'janus.plugin.videoroom';

/**
 * The server's client of Janus's HTTP API (https://janus.conf.meetecho.com/docs/rest.html), for the video-room
 * requests only the server makes: list, exists, create, destroy (§7 Video). Each call opens a Janus session,
 * attaches the plugin, sends one synchronous request and destroys the session (without waiting for that last
 * answer), so no keepalive or long poll is needed and nothing is left behind if the server stops mid-way.
 */
export class JanusClient {
  constructor(
    readonly url: string,
    private readonly auth: JanusGatewayAuth = {},
    private readonly timeoutMs = 5000,
  ) {}

  private base(): string {
    return this.url.replace(/\/$/, '');
  }

  private credentials(): Record<string, string> {
    const out: Record<string, string> = {};
    if (this.auth.tokenSecret) out.token = signJanusToken(this.auth.tokenSecret, 60);
    if (this.auth.apiSecret) out.apisecret = this.auth.apiSecret;
    return out;
  }

  private async post(path: string, body: Record<string, unknown>): Promise<JanusReply> {
    const res = await fetch(this.base() + path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ ...body, transaction: randomBytes(8).toString('hex'), ...this.credentials() }),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    if (!res.ok) throw new JanusError(res.status, `HTTP ${res.status}`);
    const reply = (await res.json()) as JanusReply;
    if (reply.janus === 'error') throw new JanusError(reply.error?.code ?? 0, reply.error?.reason ?? 'error');
    return reply;
  }

  /** GET /info: name, version and plugins; throws when Janus does not answer within the timeout. */
  async info(timeoutMs = this.timeoutMs): Promise<JanusInfo> {
    const res = await fetch(this.base() + '/info', { signal: AbortSignal.timeout(timeoutMs) });
    if (!res.ok) throw new JanusError(res.status, `HTTP ${res.status}`);
    return (await res.json()) as JanusInfo;
  }

  /** One synchronous video-room request; the plugin's answer data, or a JanusError with its error_code. */
  async videoroom(request: Record<string, unknown>): Promise<Record<string, unknown>> {
    const session = await this.post('', { janus: 'create' });
    const sid = session.data?.id;
    try {
      const handle = await this.post(`/${sid}`, { janus: 'attach', plugin: VIDEOROOM });
      const reply = await this.post(`/${sid}/${handle.data?.id}`, { janus: 'message', body: request });
      const data = reply.plugindata?.data ?? {};
      if (data.error_code) throw new JanusError(data.error_code, String(data.error ?? 'video room error'));
      return data;
    } finally {
      // Not awaited: the answer is already in hand, and the caller (e.g. starting a call) need not wait a round trip
      // for the housekeeping. A destroy that fails leaves a session Janus reaps after session_timeout.
      void this.post(`/${sid}`, { janus: 'destroy' }).catch(() => undefined);
    }
  }

  private admin(): Record<string, string> {
    return this.auth.adminKey ? { admin_key: this.auth.adminKey } : {};
  }

  async createRoom(room: Record<string, unknown>): Promise<void> {
    await this.videoroom({ request: 'create', ...this.admin(), ...room });
  }

  async roomExists(room: number): Promise<boolean> {
    const data = await this.videoroom({ request: 'exists', room });
    return data.exists === true;
  }

  /** The rooms Janus lists: private rooms only with the admin key. */
  async listRooms(): Promise<{ room: number; num_participants: number; description?: string }[]> {
    const data = await this.videoroom({ request: 'list', ...this.admin() });
    return (data.list as { room: number; num_participants: number; description?: string }[]) ?? [];
  }

  async listParticipants(room: number): Promise<{ id: number; display?: string; publisher: boolean }[]> {
    const data = await this.videoroom({ request: 'listparticipants', room });
    return (data.participants as { id: number; display?: string; publisher: boolean }[]) ?? [];
  }

  /** Destroys a room (its participants get "destroyed"); a room already gone (426) counts as destroyed. */
  async destroyRoom(room: number, secret: string): Promise<void> {
    try {
      await this.videoroom({ request: 'destroy', room, secret, ...this.admin() });
    } catch (e) {
      if (e instanceof JanusError && e.code === 426) return;
      throw e;
    }
  }
}
