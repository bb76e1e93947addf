import { useEffect, useRef, useState } from 'react';

/** Pages drawn at most; a longer file says so and is read in full after downloading it. */
export const MAX_PAGES = 20;
/** Drawn at this width in CSS pixels (the wide dialog's content), sharper on dense screens. */
const WIDTH = 880;

export interface PdfCanvasProps {
  blob: Blob;
  title: string;
  /** "Showing {shown} of {total} pages…" when the file is longer than MAX_PAGES. */
  moreText(shown: number, total: number): string;
  onError(message: string): void;
}

/**
 * A PDF drawn page by page onto canvases by pdf.js (pdfjs-dist), loaded as its own chunk the first time a PDF is
 * previewed (never on the tab's first load), its parser in a same-origin worker (CSP worker-src 'self'). The legacy
 * build: the modern one uses JavaScript only the newest browsers have (Map.getOrInsertComputed, Math.sumPrecise), and a
 * bank's managed desktops lag behind. Why not the
 * browser's viewer in a frame: see docs/ARCHITECTURE.md "Document preview". The file's own scripts, forms and links
 * never run (pdf.js runs no PDF JavaScript and has no eval path since 4.2.67, CVE-2024-4367; no annotation layer is drawn).
 */
export function PdfCanvas({ blob, title, moreText, onError }: PdfCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const [pages, setPages] = useState<{ shown: number; total: number } | null>(null);
  const report = useRef(onError);
  report.current = onError;
  useEffect(() => {
    const host = box.current;
    let cancelled = false;
    let destroy: (() => void) | null = null;
    (async () => {
      const pdfjs = await import(/* webpackChunkName: "pdfjs" */ 'pdfjs-dist/legacy/build/pdf.mjs');
      if (!pdfjs.GlobalWorkerOptions.workerPort) {
        pdfjs.GlobalWorkerOptions.workerPort = new Worker(/* webpackChunkName: "pdfjs-worker" */ new URL('pdfjs-dist/legacy/build/pdf.worker.min.mjs', import.meta.url));
      }
      const task = pdfjs.getDocument({ data: new Uint8Array(await blob.arrayBuffer()), enableXfa: false, stopAtErrors: false });
      destroy = () => void task.destroy();
      const doc = await task.promise;
      const shown = Math.min(doc.numPages, MAX_PAGES);
      const ratio = Math.min(window.devicePixelRatio || 1, 2);
      for (let n = 1; n <= shown && !cancelled; n++) {
        const page = await doc.getPage(n);
        const unscaled = page.getViewport({ scale: 1 });
        const viewport = page.getViewport({ scale: (WIDTH / unscaled.width) * ratio });
        const canvas = document.createElement('canvas');
        canvas.width = Math.floor(viewport.width);
        canvas.height = Math.floor(viewport.height);
        canvas.className = 'll-doc-page';
        canvas.setAttribute('role', 'img');
        canvas.setAttribute('aria-label', `${title} · ${n} / ${doc.numPages}`);
        canvas.dataset.testid = 'document-page';
        if (cancelled || !host) break;
        host.appendChild(canvas);
        await page.render({ canvas, viewport }).promise;
      }
      if (!cancelled) setPages({ shown, total: doc.numPages });
    })().catch((e: unknown) => {
      if (!cancelled) report.current(e instanceof Error ? e.message : String(e));
    });
    return () => {
      cancelled = true;
      destroy?.();
      host?.replaceChildren();
    };
  }, [blob, title]);
  return (
    <>
      <div ref={box} className="ll-doc-pages" data-testid="document-pages" aria-busy={pages ? 'false' : 'true'} />
      {pages && pages.total > pages.shown && <p className="ll-muted">{moreText(pages.shown, pages.total)}</p>}
    </>
  );
}
