import { useCallback, useEffect, useState } from 'react';
import { api } from '../api';
import type { ApiError } from '../errors';

export interface ServerData<T> {
  data: T | null;
  error: ApiError | null;
  loading: boolean;
  reload(): void;
}

/** Reads one GET path through the page's HTTP client; cancels on unmount and on path change. */
export function useServerData<T>(path: string | null): ServerData<T> {
  const [state, setState] = useState<{ data: T | null; error: ApiError | null; loading: boolean }>({ data: null, error: null, loading: !!path });
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!path) return;
    const ctrl = new AbortController();
    setState((s) => ({ ...s, loading: true, error: null }));
    api
      .get<T>(path, { signal: ctrl.signal })
      .then((data) => setState({ data, error: null, loading: false }))
      .catch((error: ApiError) => {
        if (!ctrl.signal.aborted) setState({ data: null, error, loading: false });
      });
    return () => ctrl.abort();
  }, [path, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { ...state, reload };
}
