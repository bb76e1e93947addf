import { eventBus } from '@lendline/shared';
import { showToast } from '../../ui/ui-store';

/**
 * The one §8 toast region is the shell's: the remotes (which may not import the shell) raise their toasts on the
 * shared event bus ('saved', 'copied', an action done …) and this shows them top center. Returns the unsubscribe.
 */
export function installRemoteToasts(): () => void {
  return eventBus.on('toast', ({ kind, text }) => {
    if (typeof text === 'string' && text.trim()) showToast(text, kind);
  });
}
