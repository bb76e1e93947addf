import { useEffect } from 'react';
import { useT } from '@lendline/shared';
import { ToastRegion, createToastQueue } from '@lendline/shared/ui';
import { dismissToast, uiStore, type Toast } from '../../ui/ui-store';

/**
 * The shell's store stays the one place toasts are raised (it is in the first render and dedupes
 * texts); this mirrors it into the kit's queue. Closing either way — the close button, or the
 * store's timeout — ends in both: the toast's onClose drops it from the store, and a toast gone from
 * the store is closed in the queue.
 */
const queue = createToastQueue();
const shown = new Map<number, string>(); // store id → queue key

function sync(toasts: Toast[]) {
  const ids = new Set(toasts.map((t) => t.id));
  for (const [id, key] of shown) {
    if (ids.has(id)) continue;
    shown.delete(id);
    queue.close(key);
  }
  for (const t of toasts) {
    if (shown.has(t.id)) continue;
    shown.set(t.id, queue.add({ kind: t.kind, text: t.text }, { onClose: () => dismissToast(t.id) }));
  }
}

/** The §8 toast region, top center (§9): loaded with the kit the first time a toast is raised. */
export function ShellToastRegion() {
  const t = useT();
  useEffect(() => {
    sync(uiStore.getState().toasts);
    return uiStore.subscribe((s) => sync(s.toasts));
  }, []);
  return <ToastRegion queue={queue} dismissLabel={t('common.dismiss')} label={t('common.messages')} testId="toasts" />;
}
