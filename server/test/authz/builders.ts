import type { InjectOptions } from 'fastify';
import type { LoggedIn } from '../helpers/login';

/** The authorization matrix's request builders: one request per route that names an application, keyed "METHOD url". */
export interface Caller {
  name: string;
  session: LoggedIn;
  appRefId?: string;
  customer: boolean;
}

export interface Target {
  id: string;
  verNum: number;
  verificationId: string;
}

export type Build = (c: Caller, a: Target) => InjectOptions;

export const headersOf = (c: Caller) => ({ ...c.session.headers, ...(c.appRefId ? { appRefId: c.appRefId } : {}) });
export const post = (url: string, payload: (a: Target) => object): Build => (c, a) => ({ method: 'POST', url, headers: headersOf(c), payload: payload(a) });
export const get = (url: (a: Target) => string): Build => (c, a) => ({ method: 'GET', url: url(a), headers: headersOf(c) });
export const PNG = 'data:image/png;base64,' + Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).toString('base64');

