import { useState } from 'react';
import { eventBus } from '@lendline/shared';
import type { AppState } from './api';
import { useQueriesStore } from './queries-store';

/**
 * Runs one change: busy while it runs, a toast when done, the new version and list applied, and the detail page told
 * (its sub-status, tabs and SLA header follow). A refusal (§8 body: 1101 items, a 409…) is shown by the shell's
 * error modal; the page is re-read so what is on screen is what the server has.
 */
export function useChange(onChanged?: () => void) {
  const [busy, setBusy] = useState(false);
  const applied = useQueriesStore((s) => s.applied);
  async function run(change: () => Promise<{ application: AppState; data?: { sandboxLink?: string } }>, done: string): Promise<boolean> {
    setBusy(true);
    try {
      const r = await change();
      await applied(r.application, r.data?.sandboxLink);
      eventBus.emit('toast', { kind: 'success', text: done });
      onChanged?.();
      return true;
    } catch {
      onChanged?.();
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, run };
}
