import { LOGOUT_PATHS } from '../paths';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

export interface SessionHeaderSource {
  access_token?: string | null;
  sessionId?: string | null;
  refresh_token?: string | null;
  appRefId?: string | null;
}

export interface HeaderRequest {
  method: HttpMethod;
  path: string;
  session: SessionHeaderSource | null;
  /** An IP lookup goes to an outside service and carries no session headers (§7). */
  ipLookup?: boolean;
}

/**
 * The header rules of §7: every request but logout (and an IP lookup) carries access_token and
 * sessionId, plus appRefId when present; logout carries refresh_token; POST and PUT send and
 * accept JSON.
 */
export function buildHeaders(req: HeaderRequest): Record<string, string> {
  const headers: Record<string, string> = {};
  const s = req.session;
  const isLogout = LOGOUT_PATHS.includes(stripQuery(req.path));
  if (isLogout) {
    if (s?.refresh_token) headers.refresh_token = s.refresh_token;
  } else if (!req.ipLookup && s) {
    if (s.access_token) headers.access_token = s.access_token;
    if (s.sessionId) headers.sessionId = s.sessionId;
    if (s.appRefId) headers.appRefId = s.appRefId;
  }
  if (req.method === 'POST' || req.method === 'PUT') {
    headers['Content-Type'] = 'application/json';
    headers.Accept = 'application/json';
  }
  return headers;
}

function stripQuery(path: string): string {
  const i = path.indexOf('?');
  const p = i === -1 ? path : path.slice(0, i);
  return p.startsWith('/debugger/') ? p.slice('/debugger'.length) : p;
}
