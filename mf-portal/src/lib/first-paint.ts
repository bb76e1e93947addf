/**
 * The reads the server rendered the landing page from (issue 31: server/src/http/first-paint.ts puts them in the page
 * as `<script type="application/json" id="ll-first-paint">`, by request path). The page hydrates from exactly these,
 * so its first client render is the markup that was painted and nothing is asked for twice. Used only by a page of
 * this release (the server names the version it rendered with) and only while as fresh as the route lets a cache keep
 * its answer (GET /v3/portal/products: max-age 300 s); later, the page reads the server again.
 */
const FRESH_MS = 300_000;

interface FirstPaintArea {
  remote?: string;
  version?: string;
  reads?: Record<string, unknown>;
}

let reads: Record<string, unknown> | null = null;
let since = 0;

/** The server render sets the reads it renders from (server-render.tsx). */
export function setFirstPaintReads(value: Record<string, unknown>): void {
  reads = value;
  since = Date.now();
}

function pageReads(): Record<string, unknown> {
  if (reads) return reads;
  reads = {};
  if (typeof document === 'undefined') return reads;
  try {
    const area = (JSON.parse(document.getElementById('ll-first-paint')?.textContent ?? 'null') as { area?: FirstPaintArea } | null)?.area;
    if (area?.remote === 'mf-portal' && area.version === __REMOTE_VERSION__ && area.reads && typeof area.reads === 'object') reads = area.reads;
  } catch {
    /* no usable data: the page reads the server */
  }
  since = typeof performance !== 'undefined' ? performance.timeOrigin : Date.now();
  return reads;
}

/** What the server read at `path` for this page's first paint, or null (none, another release, or too old). */
export function firstPaintRead<T>(path: string): T | null {
  const all = pageReads();
  if (Date.now() - since > FRESH_MS) return null;
  return (all[path] as T | undefined) ?? null;
}

/** Whether the area's element holds the server's markup that this release can hydrate for `path`. */
export function canHydrate(element: Element | null, path: string): boolean {
  return !!element?.hasAttribute('data-first-paint') && element.childNodes.length > 0 && firstPaintRead(path) !== null;
}
