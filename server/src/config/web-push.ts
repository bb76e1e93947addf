import { existsSync } from 'node:fs';
import type { WebPushSettings } from '../domain/notifications/web-push';

/** The push services of the main browsers (Chrome/Edge, Firefox, Safari, Windows); a subscription elsewhere is refused. */
export const DEFAULT_PUSH_HOSTS = ['fcm.googleapis.com', 'updates.push.services.mozilla.com', 'push.services.mozilla.com', 'web.push.apple.com', 'notify.windows.com'];

/**
 * Web Push settings (README): WEB_PUSH_SUBJECT, the VAPID contact (mailto: or https:); WEB_PUSH_ALLOWED_HOSTS, a comma
 * list of push-service hosts (host or a parent domain; push goes to port 443 only) replacing the browsers' defaults;
 * WEB_PUSH_CA_FILE, a PEM file of extra CAs to trust when posting to them. A push receiver on another port (the
 * tests') is trusted only through OUTBOUND_ALLOW_HOSTS (http/outbound-guard.ts).
 */
export function loadWebPushEnv(source: NodeJS.ProcessEnv, problems: string[]): WebPushSettings {
  const subject = source.WEB_PUSH_SUBJECT ?? 'mailto:notifications@lendline.invalid';
  if (!/^(mailto:|https:\/\/)\S+$/.test(subject)) problems.push('WEB_PUSH_SUBJECT must be a mailto: address or an https:// URL');
  const raw = source.WEB_PUSH_ALLOWED_HOSTS?.trim();
  const allowedHosts = raw ? raw.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean) : DEFAULT_PUSH_HOSTS;
  if (!allowedHosts.every((h) => /^[a-z0-9.-]+(:443)?$/.test(h))) problems.push('WEB_PUSH_ALLOWED_HOSTS must be a comma list of host names: web push goes to port 443 only (a test receiver on another port belongs in OUTBOUND_ALLOW_HOSTS)');
  const caFile = source.WEB_PUSH_CA_FILE || undefined;
  if (caFile && !existsSync(caFile)) problems.push(`WEB_PUSH_CA_FILE: ${caFile} does not exist`);
  return { subject, allowedHosts, caFile };
}
