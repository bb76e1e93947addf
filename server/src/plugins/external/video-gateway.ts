import fp from 'fastify-plugin';
import { join } from 'node:path';
import type { VideoEnv } from '../../config/video';
import { JanusClient } from '../../adapters/janus/client';
import { findJanusBinary, startLocalJanus, type LocalJanus } from '../../adapters/janus/process';
import { VIDEO_HOW_TO, VIDEO_NOT_SET_UP, type VideoGateway } from '../../domain/video/gateway';

declare module 'fastify' {
  interface FastifyInstance {
    /** The video gateway (Janus): the server's client of it, or why video is off (domain/video/gateway.ts). */
    video: VideoGateway;
    /** 'off' (not set up), 'ok' (answers /info within 1 s) or 'down': GET /health reports it. */
    videoHealth(): Promise<'off' | 'ok' | 'down'>;
  }
}

/**
 * Which Janus the server uses (README "Video calls"):
 * - JANUS_URL set → that Janus (its token secret / api secret / admin key from JANUS_TOKEN_SECRET, JANUS_API_SECRET,
 *   JANUS_ADMIN_KEY);
 * - else, when the caller asks for it (index.ts: `startJanus`; tests and buildApp's default do not) and
 *   JANUS_AUTOSTART is not off and the binary is installed → a Janus child process of this server, configured in
 *   DATA_DIR/janus and stopped with the server;
 * - else video is off and says why, in words a staff member can act on.
 * A Janus that fails to start does not stop the server: video is off with the reason.
 */
export default fp<{ video: VideoEnv; dataDir: string; startJanus: boolean }>(
  async (app, opts) => {
    const v = opts.video;
    const recordingsDir = join(opts.dataDir, 'video', 'recordings');
    const base = { iceServers: v.iceServers, recording: v.recording, recordingsDir, inviteValidityMinutes: v.inviteValidityMinutes };
    let own: LocalJanus | null = null;
    let gateway: VideoGateway;
    if (v.janusUrl) {
      const auth = { tokenSecret: v.janusTokenSecret, apiSecret: v.janusApiSecret, adminKey: v.janusAdminKey };
      gateway = { ...base, client: new JanusClient(v.janusUrl, auth), whyOff: null, mode: 'external', tokenSecret: v.janusTokenSecret, apiSecret: v.janusApiSecret, running: () => true };
    } else {
      let whyOff = VIDEO_NOT_SET_UP;
      let whyOffText: VideoGateway['whyOffText'] = { key: 'notInstalled', params: { command: VIDEO_HOW_TO.command, start: VIDEO_HOW_TO.start, setting: VIDEO_HOW_TO.setting } };
      const bin = findJanusBinary(v.janusBin);
      if (opts.startJanus && v.autostart && bin && !opts.dataDir.startsWith('memory://')) {
        try {
          own = await startLocalJanus({ bin, dataDir: opts.dataDir, log: app.log, iceEnforceList: v.iceEnforceList, nat11: v.nat11 });
        } catch (e) {
          app.log.error({ err: e }, 'janus (video gateway) could not be started: video calls are off');
          whyOff = `Video is off: the server could not start Janus (${(e as Error).message}).`;
          whyOffText = { key: 'startFailed', params: { error: (e as Error).message } };
        }
      } else if (opts.startJanus && v.autostart && !bin) {
        app.log.warn('janus is not installed: video calls are off (apt-get install -y janus janus-tools, or set JANUS_URL)');
      } else if (!v.autostart) {
        whyOff = 'Video is off on this server (JANUS_AUTOSTART=off and no JANUS_URL): set JANUS_URL to a running Janus, or remove JANUS_AUTOSTART=off.';
        whyOffText = { key: 'autostartOff', params: { setting: VIDEO_HOW_TO.setting, autostart: VIDEO_HOW_TO.autostart } };
      }
      const running = own;
      gateway = running
        ? { ...base, client: running.client, whyOff: null, mode: 'own', tokenSecret: running.tokenSecret, running: () => running.running() }
        : { ...base, client: null, whyOff, whyOffText, mode: 'off', running: () => false };
    }
    app.decorate('video', gateway);
    app.decorate('videoHealth', async () => {
      if (!gateway.client) return 'off' as const;
      if (!gateway.running()) return 'down' as const;
      try {
        await gateway.client.info(1000);
        return 'ok' as const;
      } catch {
        return 'down' as const;
      }
    });
    app.addHook('onClose', async () => {
      await own?.stop();
    });
  },
  { name: 'video-gateway' },
);
