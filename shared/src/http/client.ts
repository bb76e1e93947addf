import { ApiError } from '../errors';
import { AUTH, isAdminPath } from '../paths';
import { withDebugPrefix, isDebugMode } from '../debug';
import { buildHeaders, type HttpMethod, type SessionHeaderSource } from './headers';
import { ENCRYPTED_HEADER, ENCRYPTED_HEADER_VALUE } from './encryption-header';
import { TamperedDataError } from '../crypto/tampered-error';
import { loadAes } from '../crypto/load-aes';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Force admin/non-admin treatment for the debug prefix; by default decided from the path. */
  admin?: boolean;
  /** Send the body AES-encrypted as {data} (§7: GraphQL, list, consumer save, microflow calls). */
  encrypt?: boolean;
  /** Leave global UI handling (401 redirect, error modal) to the caller, e.g. the login form. */
  silent?: boolean;
}

export interface HttpClientOptions {
  baseUrl?: string;
  getSession: () => SessionHeaderSource | null;
  isDebug?: () => boolean;
  fetchImpl?: typeof fetch;
  /** Called with every ApiError before it is thrown (the shell maps §8 bodies to UI). */
  onError?: (error: ApiError, path: string) => void;
  /** HTTP 401 on a non-login request (§8): the shell toasts and redirects. */
  onUnauthorized?: (error: ApiError, path: string) => void;
  /** An encrypted response that does not decrypt (§8 tampered toast). */
  onTampered?: (error: TamperedDataError, path: string) => void;
  /** Every request as it goes out (the shell counts changing calls as activity that keeps the session alive). */
  onRequest?: (method: HttpMethod, path: string) => void;
}

export interface HttpClient {
  request<T>(path: string, opts?: RequestOptions): Promise<T>;
  get<T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  /** Replaces the UI hooks at run time (the shell installs them once it is up). */
  setHooks(hooks: Pick<HttpClientOptions, 'onError' | 'onUnauthorized' | 'onTampered' | 'onRequest'>): void;
}

/** Calls whose 401 means "wrong credentials" or is handled by the session logic, not a lost session. */
const LOGIN_PATHS: readonly string[] = [AUTH.login, AUTH.refreshToken, AUTH.publicKey, AUTH.logout, AUTH.userLogout, AUTH.endSession];

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The one HTTP client every part uses: §7 headers and encryption, §6 debug prefix, typed §8 errors. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const debug = options.isDebug ?? isDebugMode;
  const hooks = { onError: options.onError, onUnauthorized: options.onUnauthorized, onTampered: options.onTampered, onRequest: options.onRequest };

  function fail(err: ApiError, path: string, silent?: boolean): never {
    if (!silent) {
      if (err.status === 401 && !LOGIN_PATHS.includes(path)) hooks.onUnauthorized?.(err, path);
      else hooks.onError?.(err, path);
    }
    throw err;
  }

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const method = opts.method ?? 'GET';
    const admin = opts.admin ?? isAdminPath(path);
    const finalPath = withDebugPrefix(path, { debug: debug(), admin }) + queryString(opts.query);
    const session = options.getSession();
    hooks.onRequest?.(method, path);
    const headers = buildHeaders({ method, path: finalPath, session });
    let payload: string | undefined = opts.body === undefined ? (method === 'POST' || method === 'PUT' ? '{}' : undefined) : JSON.stringify(opts.body);
    if (opts.encrypt && payload !== undefined) {
      if (!session?.access_token) return fail(new ApiError(401, null, 'No session to encrypt the request with'), path, opts.silent);
      const { encryptJson } = await loadAes();
      payload = JSON.stringify(encryptJson(JSON.parse(payload), session.access_token));
      headers[ENCRYPTED_HEADER] = ENCRYPTED_HEADER_VALUE;
    }
    let res: Response;
    try {
      res = await doFetch((options.baseUrl ?? '') + finalPath, { method, headers, body: payload, signal: opts.signal });
    } catch (e) {
      return fail(new ApiError(0, null, e instanceof Error ? e.message : 'Network error'), path, opts.silent || opts.signal?.aborted);
    }
    const text = await res.text();
    let body: unknown = null;
    if (text) {
      try {
        body = JSON.parse(text);
      } catch {
        body = text;
      }
    }
    if (res.headers.get(ENCRYPTED_HEADER) === ENCRYPTED_HEADER_VALUE) {
      // The key is the token the request went out with; a refresh racing this call must not matter.
      try {
        const data = (body as { data?: unknown } | null)?.data;
        if (typeof data !== 'string' || !session?.access_token) throw new TamperedDataError('no encrypted data');
        const { decryptJson } = await loadAes();
        body = decryptJson(data, session.access_token);
      } catch (e) {
        const err = e instanceof TamperedDataError ? e : new TamperedDataError(String(e));
        if (!opts.silent) hooks.onTampered?.(err, path);
        throw err;
      }
    }
    if (!res.ok) return fail(new ApiError(res.status, body, undefined, res.headers?.get('x-request-id') ?? undefined), path, opts.silent);
    return body as T;
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
    setHooks(next) {
      Object.assign(hooks, next);
    },
  };
}
