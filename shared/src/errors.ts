/** The error catalogue of §8 and the typed error every HTTP call rejects with. */
export const ERROR_CODES = {
  INTERNAL: 1100,
  VALIDATION_FAILED: 1101,
  SEND_BACK_FAILED: 1167,
} as const;
export type ErrorCode = (typeof ERROR_CODES)[keyof typeof ERROR_CODES];

export const ERROR_MESSAGES: Record<ErrorCode, string> = {
  1100: 'Internal server error',
  1101: 'Validation Failed',
  1167: 'Error while sending back',
};

export const ERROR_HTTP_STATUS: Record<ErrorCode, number> = { 1100: 500, 1101: 400, 1167: 500 };

/** One item of an error body's data: shown as 'label - reason', or just the reason. */
export interface ErrorItem {
  label?: string;
  reason: string;
  /** A machine-readable name of the rule (a §4 task validation error, MANDATORY_FIELD…), for programs, never shown. */
  code?: string;
  /** The field the item is about, where there is one. */
  key?: string;
  /** Where staff fix it: a backstage address (the application's page opened at the field's section). */
  link?: string;
}

/** The §8 error body the server answers with. */
export interface ErrorBody {
  code: ErrorCode | number;
  message: string;
  data?: ErrorItem[];
}

export const GENERIC_ERROR_TEXT = 'Something bad happened; please try again later.';
export const SESSION_EXPIRED_TOAST = 'Session expired. Please login again.';
export const TAMPERED_RESPONSE_TOAST = 'Sorry, the response data is tampered or corrupted';

export function isErrorBody(value: unknown): value is ErrorBody {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorBody).code === 'number' &&
    typeof (value as ErrorBody).message === 'string'
  );
}

/** Rejection of every HTTP call: status, the §8 code when the body carried one, and the body. */
export class ApiError extends Error {
  readonly status: number;
  readonly code?: number;
  readonly body: unknown;
  /** The server's x-request-id of the failed call: the reference a user reports, which finds its log lines. */
  readonly requestId?: string;
  constructor(status: number, body: unknown, message?: string, requestId?: string) {
    super(message ?? (isErrorBody(body) ? body.message : `HTTP ${status}`));
    this.name = 'ApiError';
    this.status = status;
    this.body = body;
    if (requestId && /^[0-9a-f]{16}$/.test(requestId)) this.requestId = requestId;
    this.code = isErrorBody(body) ? body.code : undefined;
  }
}

/** Formats one error item the way the modal lists it (§8). */
export function formatErrorItem(item: ErrorItem): string {
  return item.label ? `${item.label} - ${item.reason}` : item.reason;
}

/**
 * What a refusal says, in one line, as the §8 modal lists it ('label - reason; …', else the body's message, else the
 * error's): for the places that show a refusal inline (a dialog, a summary of a batch) instead of the modal.
 */
export function refusalText(e: unknown): string {
  if (e instanceof ApiError && isErrorBody(e.body)) return e.body.data?.length ? e.body.data.map(formatErrorItem).join('; ') : e.body.message;
  return e instanceof Error ? e.message : String(e);
}
