import { ApiError } from '@lendline/shared';

/** The server's reason for a refusal (§8 body: data[0].reason), else the error's own message. */
export function reasonOf(e: unknown): string {
  if (e instanceof ApiError && e.body && typeof e.body === 'object') {
    const data = (e.body as { data?: Array<{ reason?: unknown }> }).data;
    if (Array.isArray(data) && typeof data[0]?.reason === 'string') return data[0].reason;
  }
  return e instanceof Error ? e.message : String(e);
}
