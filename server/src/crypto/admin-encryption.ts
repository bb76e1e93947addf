import { isAdminPath } from '@lendline/shared/contract';

/**
 * Which 200 responses are AES-encrypted (§7): admin calls, except the setup configs for Admin
 * Features, GLOBAL, User, Analytics, Chat, Environment Domain, the component configs and the
 * template list of all versions. Admin/Session and the remotes document (/config/remotes, read by
 * the module loader before any session logic) are public and stay plain too.
 */
const EXCLUDED_SETUP = [/^\/setup\/configs\/(GLOBAL|User|Analytics|Chat)\//, /^\/setup\/configs\/Admin\/(Features|Session)$/, /^\/setup\/configs\/Environment\/Domain$/];
const EXCLUDED_PREFIXES = ['/v3/component/', '/component/', '/v3/template/templateListAllVersion', '/config/remotes'];

function decodedPath(url: string): string {
  const path = url.split('?')[0];
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

export function isEncryptedAdminResponse(url: string): boolean {
  const path = decodedPath(url);
  if (!isAdminPath(path)) return false;
  if (EXCLUDED_PREFIXES.some((p) => path.startsWith(p))) return false;
  return !EXCLUDED_SETUP.some((re) => re.test(path));
}
