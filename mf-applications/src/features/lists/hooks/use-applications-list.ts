import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { ApiError } from '@lendline/shared';
import { fetchApplications, type ApplicationsInput, type ApplicationsResult, type ListRow } from '../../../api/applications-query';
import { markListCommitted, markListData, markListFetch } from '../perf/list-marks';

export interface ApplicationsList {
  result: ApplicationsResult | null;
  loading: boolean;
  error: Error | ApiError | null;
  reload(): void;
  /** Shows a change at once (assignment, action) while the reload confirms it with the server. */
  patchRows(patch: (row: ListRow) => ListRow | null): void;
}

/**
 * Runs the applications query whenever its input changes. The previous page stays on screen while
 * the next one loads (no blank frame, no layout shift); a newer request aborts an older one.
 */
export function useApplicationsList(input: ApplicationsInput | null, fetcher = fetchApplications): ApplicationsList {
  const [result, setResult] = useState<ApplicationsResult | null>(null);
  const [loading, setLoading] = useState(!!input);
  const [error, setError] = useState<Error | null>(null);
  const [nonce, setNonce] = useState(0);
  const key = input ? JSON.stringify(input) : null;
  const inputRef = useRef(input);
  inputRef.current = input;

  useEffect(() => {
    const current = inputRef.current;
    if (!current) return;
    const ctrl = new AbortController();
    setLoading(true);
    setError(null);
    markListFetch();
    fetcher(current, ctrl.signal)
      .then((r) => {
        if (ctrl.signal.aborted) return;
        markListData();
        setResult(r);
        setLoading(false);
      })
      .catch((e: Error) => {
        if (ctrl.signal.aborted) return;
        setError(e);
        setLoading(false);
      });
    return () => ctrl.abort();
  }, [key, nonce, fetcher]);

  // The rows of a fetched page are in the DOM: user timings for the list-paint benchmark.
  useLayoutEffect(() => {
    if (result) markListCommitted();
  }, [result]);

  const reload = useCallback(() => setNonce((n) => n + 1), []);
  const patchRows = useCallback((patch: (row: ListRow) => ListRow | null) => {
    setResult((r) => {
      if (!r) return r;
      const data: ListRow[] = [];
      let removed = 0;
      for (const row of r.data) {
        const next = patch(row);
        if (next) data.push(next);
        else removed++;
      }
      return { ...r, data, count: Math.max(0, r.count - removed) };
    });
  }, []);
  return { result, loading, error, reload, patchRows };
}
