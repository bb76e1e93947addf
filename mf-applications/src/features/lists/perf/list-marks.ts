/**
 * User timings of one list page, read by bench/list-paint.mjs and visible in DevTools' Performance
 * panel:
 * - marks `ll:list:fetch` (the page's request starts), `ll:list:data` (its reply is read),
 *   `ll:list:committed` (React committed the rows), `ll:list:painted` (the frame after that commit);
 * - measures `ll:list:paint` (fetch → painted) and `ll:list:render` (data → committed: the main-thread
 *   work of rendering the rows).
 * Each new request clears the previous marks, so the buffer holds one page's timings at a time.
 */
export const LIST_MARKS = { fetch: 'll:list:fetch', data: 'll:list:data', committed: 'll:list:committed', painted: 'll:list:painted' } as const;
export const LIST_MEASURES = { paint: 'll:list:paint', render: 'll:list:render' } as const;

const perf = typeof performance !== 'undefined' && typeof performance.mark === 'function' ? performance : null;
let pending = false;

function mark(name: string): void {
  try {
    perf?.mark(name);
  } catch {
    // A browser without user timings: nothing to record.
  }
}

export function markListFetch(): void {
  if (!perf) return;
  for (const m of Object.values(LIST_MARKS)) perf.clearMarks(m);
  for (const m of Object.values(LIST_MEASURES)) perf.clearMeasures(m);
  pending = true;
  mark(LIST_MARKS.fetch);
}

export function markListData(): void {
  if (pending) mark(LIST_MARKS.data);
}

/**
 * Called from a layout effect once the rows are in the DOM. "Painted" is marked in a task queued
 * from the next animation frame, i.e. after the browser has drawn that frame.
 */
export function markListCommitted(): void {
  if (!perf || !pending) return;
  pending = false;
  mark(LIST_MARKS.committed);
  try {
    perf.measure(LIST_MEASURES.render, LIST_MARKS.data, LIST_MARKS.committed);
  } catch {
    // No data mark (a reply patched locally): no render measure.
  }
  if (typeof requestAnimationFrame !== 'function') return;
  requestAnimationFrame(() =>
    setTimeout(() => {
      mark(LIST_MARKS.painted);
      try {
        perf.measure(LIST_MEASURES.paint, LIST_MARKS.fetch, LIST_MARKS.painted);
      } catch {
        // Marks cleared by a newer request meanwhile.
      }
    }, 0),
  );
}
