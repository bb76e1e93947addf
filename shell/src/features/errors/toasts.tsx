import { useT } from '@lendline/shared';
import { dismissToast, useUi } from './ui-store';

/** Toasts at top center (§9), announced politely; errors assertively. */
export function Toasts() {
  const toasts = useUi((s) => s.toasts);
  const t = useT();
  return (
    <div className="ll-toasts" aria-live="polite" role="status" data-testid="toasts">
      {toasts.map((toast) => (
        <div key={toast.id} className={`ll-toast ll-toast--${toast.kind}`} role={toast.kind === 'error' ? 'alert' : undefined}>
          <span>{toast.text}</span>
          <button type="button" className="ll-toast__close" aria-label={t('common.dismiss')} onClick={() => dismissToast(toast.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
