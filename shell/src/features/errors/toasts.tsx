import { lazy, Suspense, useState } from 'react';
import { useUi } from '../../ui/ui-store';

// The region comes with the UI kit (react-aria), which the login page must not pay for: it loads the
// first time anything raises a toast and stays mounted after that.
const ShellToastRegion = lazy(() => import('./toast-region').then((m) => ({ default: m.ShellToastRegion })));

/** Toasts at top center (§9): whatever the shell raises and whatever a remote emits on the event bus. */
export function Toasts() {
  const any = useUi((s) => s.toasts.length > 0);
  const [needed, setNeeded] = useState(false);
  if (any && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ShellToastRegion />
    </Suspense>
  );
}
