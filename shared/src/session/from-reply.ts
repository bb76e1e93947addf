import type { Session, User } from '../types';

/** The reply of login, refresh-token and getToken (docs/identity.md). */
export interface AuthReply {
  access_token: string;
  refresh_token: string;
  sessionid: string;
  expiry_time: number;
  expires_in: number;
  user?: User;
  error?: string | null;
  appRefId?: string;
}

export const INVALID_USER = 'Invalid user';

/** Maps the wire names (sessionid, expiry_time) onto the §3 Session. */
export function sessionFromReply(reply: AuthReply): Session {
  const s: Session = {
    access_token: reply.access_token,
    refresh_token: reply.refresh_token,
    sessionId: reply.sessionid,
    sessionExpiryTime: Number(reply.expiry_time),
    expires_in: Number(reply.expires_in),
  };
  if (reply.appRefId) s.appRefId = reply.appRefId;
  return s;
}

export function isAuthReply(value: unknown): value is AuthReply {
  const v = value as AuthReply | null;
  return !!v && typeof v === 'object' && typeof v.access_token === 'string' && typeof v.refresh_token === 'string' && typeof v.sessionid === 'string';
}
