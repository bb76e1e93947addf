import { ApiError } from '../errors';
import { isAdminPath } from '../paths';
import { withDebugPrefix, isDebugMode } from '../debug';
import { buildHeaders, type HttpMethod, type SessionHeaderSource } from './headers';

export interface RequestOptions {
  method?: HttpMethod;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Force admin/non-admin treatment for the debug prefix; by default decided from the path. */
  admin?: boolean;
}

export interface HttpClientOptions {
  baseUrl?: string;
  getSession: () => SessionHeaderSource | null;
  isDebug?: () => boolean;
  fetchImpl?: typeof fetch;
  /** Called with every ApiError before it is thrown (the shell maps 401s and §8 bodies to UI). */
  onError?: (error: ApiError, path: string) => void;
}

export interface HttpClient {
  request<T>(path: string, opts?: RequestOptions): Promise<T>;
  get<T>(path: string, opts?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
  post<T>(path: string, body?: unknown, opts?: Omit<RequestOptions, 'method' | 'body'>): Promise<T>;
}

function queryString(query: RequestOptions['query']): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null) params.set(k, String(v));
  const s = params.toString();
  return s ? `?${s}` : '';
}

/** The one HTTP client every part uses: §7 headers, §6 debug prefix, typed §8 errors. */
export function createHttpClient(options: HttpClientOptions): HttpClient {
  const doFetch = options.fetchImpl ?? ((...args: Parameters<typeof fetch>) => fetch(...args));
  const debug = options.isDebug ?? isDebugMode;

  async function request<T>(path: string, opts: RequestOptions = {}): Promise<T> {
    const method = opts.method ?? 'GET';
    const admin = opts.admin ?? isAdminPath(path);
    const finalPath = withDebugPrefix(path, { debug: debug(), admin }) + queryString(opts.query);
    const headers = buildHeaders({ method, path: finalPath, session: options.getSession() });
    let res: Response;
    try {
      res = await doFetch((options.baseUrl ?? '') + finalPath, {
        method,
        headers,
        body: opts.body === undefined ? (method === 'POST' || method === 'PUT' ? '{}' : undefined) : JSON.stringify(opts.body),
        signal: opts.signal,
      });
    } catch (e) {
      const err = new ApiError(0, null, e instanceof Error ? e.message : 'Network error');
      options.onError?.(err, path);
      throw err;
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
    if (!res.ok) {
      const err = new ApiError(res.status, body);
      options.onError?.(err, path);
      throw err;
    }
    return body as T;
  }

  return {
    request,
    get: (path, opts) => request(path, { ...opts, method: 'GET' }),
    post: (path, body, opts) => request(path, { ...opts, method: 'POST', body }),
  };
}
