import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { SPINNER_TIMEOUT_MS, t, useT } from '@lendline/shared';
import { showToast } from './ui-store';

/** How many tracked operations are running; the spinner shows while it is above zero. */
const spinnerStore = createStore<{ pending: number }>(() => ({ pending: 0 }));
let timer: ReturnType<typeof setTimeout> | undefined;

function update(delta: number) {
  const pending = Math.max(0, spinnerStore.getState().pending + delta);
  spinnerStore.setState({ pending });
  clearTimeout(timer);
  // §9: the spinner never stays longer than 60000 ms; then it clears and says so.
  if (pending > 0) {
    timer = setTimeout(() => {
      spinnerStore.setState({ pending: 0 });
      showToast(t('errors.spinnerTimeout'), 'error');
    }, SPINNER_TIMEOUT_MS);
  }
}

/** Shows the global spinner while `work` runs. */
export async function withSpinner<T>(work: Promise<T>): Promise<T> {
  update(1);
  try {
    return await work;
  } finally {
    update(-1);
  }
}

export function Spinner() {
  const pending = useStore(spinnerStore, (s) => s.pending);
  const tr = useT();
  if (!pending) return null;
  return (
    <div className="ll-spinner-overlay" role="status" aria-live="polite" data-testid="global-spinner">
      <span className="ll-spinner" aria-hidden="true" />
      <span className="ll-visually-hidden">{tr('app.loading')}</span>
    </div>
  );
}
