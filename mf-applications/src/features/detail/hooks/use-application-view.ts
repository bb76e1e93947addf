import { useCallback, useEffect, useState } from 'react';
import { fetchApplicationView, type ApplicationView } from '../api/application';

export function useApplicationView(id: string | null) {
  const [view, setView] = useState<ApplicationView | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const [nonce, setNonce] = useState(0);
  useEffect(() => {
    if (!id) return;
    const ctrl = new AbortController();
    setError(null);
    fetchApplicationView(id, ctrl.signal).then(
      (v) => !ctrl.signal.aborted && setView(v),
      (e: Error) => !ctrl.signal.aborted && setError(e),
    );
    return () => ctrl.abort();
  }, [id, nonce]);
  const reload = useCallback(() => setNonce((n) => n + 1), []);
  return { view: view?.application_id === id ? view : null, error, reload, setView };
}
