import { createHmac } from 'node:crypto';

/**
 * Janus's signed tokens (janus.jcfg `token_auth_secret`): "<expiry>,janus,<plugin>[,…]:<base64 HMAC-SHA1>". Janus
 * checks the signature, the expiry (UNIX seconds) and that the plugin being attached is listed, so a token lets its
 * holder use the video-room plugin until it expires and nothing else. The server signs one per join ticket.
 */
export function signJanusToken(secret: string, ttlSeconds: number, plugins: string[] = ['janus.plugin.videoroom'], now = Date.now()): string {
  const data = [String(Math.floor(now / 1000) + ttlSeconds), 'janus', ...plugins].join(',');
  return `${data}:${createHmac('sha1', secret).update(data).digest('base64')}`;
}
