import { useCallback, useEffect, useRef, useState } from 'react';
import type { Page } from '../api/tasks-api';

/**
 * Keyset paging state: the cursors of the pages seen so far (to go back), the current page, loading and
 * failure. `load(cursor)` fetches a page; `key` names the list (changing it starts again at page 1).
 */
export function useKeysetPages<T>(key: string, load: (cursor: string | null) => Promise<Page<T>>) {
  // The cursors belong to one list: a new key starts again at page 1 in the same render (an old cursor is refused).
  const [stack, setStack] = useState<{ key: string; cursors: (string | null)[] }>({ key, cursors: [null] });
  const cursors = stack.key === key ? stack.cursors : [null];
  const setCursors = useCallback((f: (c: (string | null)[]) => (string | null)[]) => setStack((s) => ({ key, cursors: f(s.key === key ? s.cursors : [null]) })), [key]);
  const [page, setPage] = useState<Page<T> | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [tick, setTick] = useState(0);
  const loadRef = useRef(load);
  loadRef.current = load;

  const cursor = cursors[cursors.length - 1];
  useEffect(() => {
    let live = true;
    setBusy(true);
    setFailed(false);
    loadRef.current(cursor).then(
      (p) => live && (setPage(p), setBusy(false)),
      () => live && (setFailed(true), setBusy(false)),
    );
    return () => {
      live = false;
    };
  }, [cursor, key, tick]);

  return {
    items: page?.data ?? null,
    failed,
    busy,
    pageNumber: cursors.length,
    hasPrev: cursors.length > 1,
    hasNext: !!page?.pageInfo.nextCursor,
    next: useCallback(() => {
      const n = page?.pageInfo.nextCursor;
      if (n) setCursors((c) => [...c, n]);
    }, [page, setCursors]),
    prev: useCallback(() => setCursors((c) => (c.length > 1 ? c.slice(0, -1) : c)), [setCursors]),
    /** Page 1 again (after a change that may reorder the list). */
    reload: useCallback(() => {
      setCursors(() => [null]);
      setTick((n) => n + 1);
    }, [setCursors]),
  };
}
