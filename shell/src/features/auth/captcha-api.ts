import { CONFIG, api } from '@lendline/shared';
import { tenantQuery } from '../../lib/tenant-store';

export interface CaptchaConfig {
  challengeUrl: string;
}
export interface CaptchaChallenge {
  captchaId: string;
  /** An image (data URL or SVG markup turned into one) or a plain-text question. */
  image?: string;
  question?: string;
}

const DEFAULT_CHALLENGE_URL = '/v3/captcha/challenge';

function unwrap(reply: unknown): Record<string, unknown> | null {
  let node = reply;
  for (let i = 0; i < 3 && node && typeof node === 'object'; i++) {
    const obj = (Array.isArray(node) ? node[0] : node) as Record<string, unknown> | undefined;
    if (!obj) return null;
    if ('challengeUrl' in obj || 'siteKey' in obj || 'captchaId' in obj || 'svg' in obj || 'image' in obj) return obj;
    node = obj.data ?? obj.config;
  }
  return null;
}

/**
 * Captcha at login is on when the tenant's Analytics/Google Recaptcha config is published as
 * enabled (asked with ?isenabled=true); anything else (404, empty, disabled) means off.
 */
export async function fetchCaptchaConfig(): Promise<CaptchaConfig | null> {
  try {
    const reply = await api.get<unknown>(CONFIG.setupConfig('Analytics', 'Google Recaptcha'), { query: { isenabled: true, ...tenantQuery() }, silent: true });
    const cfg = unwrap(reply);
    if (!cfg || cfg.enabled === false || (reply as { enabled?: boolean })?.enabled === false) return null;
    return { challengeUrl: typeof cfg.challengeUrl === 'string' ? cfg.challengeUrl : DEFAULT_CHALLENGE_URL };
  } catch {
    return null;
  }
}

export async function fetchChallenge(cfg: CaptchaConfig): Promise<CaptchaChallenge> {
  const c = unwrap(await api.get<unknown>(cfg.challengeUrl, { query: tenantQuery(), silent: true })) ?? {};
  const id = c.captchaId ?? c.id;
  if (typeof id !== 'string') throw new Error('The captcha challenge could not be read');
  const svg = typeof c.svg === 'string' ? `data:image/svg+xml;charset=utf-8,${encodeURIComponent(c.svg)}` : undefined;
  return { captchaId: id, image: svg ?? (typeof c.image === 'string' ? c.image : undefined), question: typeof c.question === 'string' ? c.question : undefined };
}
