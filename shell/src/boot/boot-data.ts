import type { Dictionary, RemotesDocument } from '@lendline/shared';

/**
 * What the server put into the shell's page (server/src/http/boot-page.ts) so the first paint needs
 * no request of its own: the remotes document and the default language's texts; on the customer
 * portal, the files of the portal remote to preload. A page served by something else
 * (webpack-dev-server) has none, and the shell fetches what it needs as before.
 */
export interface BootData {
  remotes: RemotesDocument | null;
  texts: { lang: string; shell: Dictionary; server: Dictionary } | null;
  preload: PreloadHint[];
}

export interface PreloadHint {
  href: string;
  as: 'fetch' | 'script';
}

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/** Keeps only the parts that have the expected shape: a damaged part is fetched instead. */
export function parseBootData(text: string | null | undefined): BootData {
  let raw: unknown = null;
  try {
    raw = text ? JSON.parse(text) : null;
  } catch {
    raw = null;
  }
  const obj = isObject(raw) ? raw : {};
  const remotes = isObject(obj.remotes) && Array.isArray(obj.remotes.remotes) ? (obj.remotes as unknown as RemotesDocument) : null;
  const t = obj.texts;
  const texts = isObject(t) && typeof t.lang === 'string' && isObject(t.shell) && isObject(t.server) ? { lang: t.lang, shell: t.shell as Dictionary, server: t.server as Dictionary } : null;
  // Same-origin paths only: the page never preloads from anywhere else.
  const preload = (Array.isArray(obj.preload) ? obj.preload : []).filter(
    (h): h is PreloadHint => isObject(h) && typeof h.href === 'string' && /^\/(?!\/)/.test(h.href) && (h.as === 'fetch' || h.as === 'script'),
  );
  return { remotes, texts, preload };
}

let read: BootData | null = null;

/** The page's boot data (a `<script type="application/json" id="ll-boot">`, data only), parsed once. */
export function readBootData(): BootData {
  read ??= parseBootData(document.getElementById('ll-boot')?.textContent);
  return read;
}

/**
 * Asks for the files the page names (the portal remote's) at low priority: the shell's own chunks,
 * already on their way, are what the first paint waits for.
 */
export function preloadFromBootData(data: BootData = readBootData()): void {
  for (const hint of data.preload) {
    const link = document.createElement('link');
    link.rel = 'preload';
    link.setAttribute('as', hint.as);
    // The federation runtime reads a manifest with fetch() in CORS mode: the preload must match it.
    if (hint.as === 'fetch') link.crossOrigin = 'anonymous';
    link.setAttribute('fetchpriority', 'low');
    link.href = hint.href;
    document.head.appendChild(link);
  }
}
