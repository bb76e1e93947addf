import { ERROR_CODES, ERROR_MESSAGES, GENERIC_ERROR_TEXT, formatErrorItem, type ErrorCode, type ErrorItem } from '../errors';

/** One line of the §2 error modal: an error description or a key and value. */
export type ModalEntry = { type: 'error'; description: string; link?: string } | { type: 'keyvalue'; key: string; value: string };

export interface ErrorModalContent {
  title?: string;
  entries: ModalEntry[];
  /** The failed call's request id (x-request-id), shown so a user's report finds the server's log lines. */
  reference?: string;
  /** The §8 code when the title is that code's catalogue message, so the modal can show it in the reader's language. */
  code?: number;
}

/**
 * What the §8 handling makes of an HTTP error body:
 * - modal: code 1101 or 1167 with a message; each data item as 'label - reason' or just the reason;
 * - content: any other body with content, passed on to whoever called;
 * - generic: nothing usable, 'Something bad happened; please try again later.'
 */
export type ErrorOutcome =
  | { kind: 'modal'; modal: ErrorModalContent }
  | { kind: 'content'; content: unknown }
  | { kind: 'generic'; message: typeof GENERIC_ERROR_TEXT };

const MODAL_CODES: number[] = [ERROR_CODES.VALIDATION_FAILED, ERROR_CODES.SEND_BACK_FAILED];

/** A same-site backstage address an item points at (where it is fixed), never another origin or a script. */
function itemLink(item: unknown): string | undefined {
  const link = item && typeof item === 'object' ? (item as ErrorItem).link : undefined;
  return typeof link === 'string' && /^\/backstage\/[^\s]*$/.test(link) && !link.startsWith('//') ? link : undefined;
}

function itemText(item: unknown): string | null {
  if (typeof item === 'string') return item.trim() || null;
  if (item && typeof item === 'object' && typeof (item as ErrorItem).reason === 'string') {
    const { label, reason } = item as ErrorItem;
    return formatErrorItem({ label: typeof label === 'string' && label.trim() ? label : undefined, reason });
  }
  return null;
}

function hasContent(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (typeof value === 'string') return value.trim().length > 0;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') return Object.keys(value).length > 0;
  return true;
}

export function mapErrorBody(body: unknown): ErrorOutcome {
  if (body && typeof body === 'object' && !Array.isArray(body)) {
    const { code, message, data } = body as { code?: unknown; message?: unknown; data?: unknown };
    if (typeof code === 'number' && MODAL_CODES.includes(code) && typeof message === 'string') {
      const items = Array.isArray(data) ? data : [];
      const rows = items
        .map((item): ModalEntry | null => {
          const description = itemText(item);
          const link = itemLink(item);
          return description ? { type: 'error', description, ...(link ? { link } : {}) } : null;
        })
        .filter((e): e is ModalEntry => !!e);
      // With no items the message itself is the one line, so the modal never opens empty.
      const entries: ModalEntry[] = rows.length ? rows : [{ type: 'error', description: message }];
      const catalogued = ERROR_MESSAGES[code as ErrorCode] === message;
      return { kind: 'modal', modal: { title: message, entries, ...(catalogued ? { code } : {}) } };
    }
  }
  if (hasContent(body)) return { kind: 'content', content: body };
  return { kind: 'generic', message: GENERIC_ERROR_TEXT };
}
