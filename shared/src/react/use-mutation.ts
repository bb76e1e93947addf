import { useCallback, useState } from 'react';
import { eventBus } from '../event-bus';

export interface MutationOptions<R> {
  /** The success toast ("Note added"); none when absent. */
  done?: string | ((result: R) => string);
  /** After success, with the answer (apply it, reload a list, clear a field). */
  then?: (result: R) => void | Promise<void>;
  /** After a refusal, once the shell's error modal has the §8 body: usually re-read what is on screen. */
  failed?: () => void;
}

export interface Mutation {
  /** True while a change runs: the buttons that start one are disabled. */
  busy: boolean;
  /** Runs one change; true when it succeeded. A refusal is shown by the shell (the HTTP client's error hooks), not here. */
  run<R>(change: () => Promise<R>, options?: MutationOptions<R>): Promise<boolean>;
}

/**
 * The one way a staff screen runs a change: busy while it runs, the success toast, then what follows (apply the
 * answer, reload). Written once so every tab behaves the same (buttons disabled, one toast, no double submit).
 */
export function useMutation(): Mutation {
  const [busy, setBusy] = useState(false);
  const run = useCallback(async <R,>(change: () => Promise<R>, options: MutationOptions<R> = {}) => {
    setBusy(true);
    try {
      const result = await change();
      await options.then?.(result);
      const text = typeof options.done === 'function' ? options.done(result) : options.done;
      if (text) eventBus.emit('toast', { kind: 'success', text });
      return true;
    } catch {
      options.failed?.();
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { busy, run };
}
