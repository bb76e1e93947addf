import { useMutation } from '@lendline/shared';
import type { AppState } from './api';
import { useQueriesStore } from './queries-store';

/**
 * Runs one change: busy while it runs, a toast when done, the new version and list applied, and the detail page told
 * (its sub-status, tabs and SLA header follow). A refusal (§8 body: 1101 items, a 409…) is shown by the shell's
 * error modal; the page is re-read so what is on screen is what the server has.
 */
export function useChange(onChanged?: () => void) {
  const { busy, run: mutate } = useMutation();
  const applied = useQueriesStore((s) => s.applied);
  const run = (change: () => Promise<{ application: AppState; data?: { sandboxLink?: string } }>, done: string): Promise<boolean> =>
    mutate(change, {
      done,
      then: async (r) => {
        await applied(r.application, r.data?.sandboxLink);
        onChanged?.();
      },
      failed: onChanged,
    });
  return { busy, run };
}
