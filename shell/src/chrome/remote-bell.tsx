import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { hasRemoteLoader, loadRemoteModule } from '@lendline/shared';

// mf-notifications' bell, loaded at run time like any cross-remote part: the header does not depend on it.
const Bell = lazy(async () => {
  const mod = (await loadRemoteModule('mf_notifications/Bell')) as { default?: ComponentType; Bell?: ComponentType };
  const C = mod.default ?? mod.Bell;
  if (!C) throw new Error('mf_notifications/Bell exposes no component');
  return { default: C };
});

/** A remote that is down or broken leaves the header without a bell, never without a header. */
class BellBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    console.warn('[shell] the notification bell is unavailable:', error.message);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function RemoteBell() {
  // Before the remotes are registered (no boot data: GET /config/remotes pending) a load would fail for good.
  if (!hasRemoteLoader()) return null;
  return (
    <BellBoundary>
      <Suspense fallback={null}>
        <Bell />
      </Suspense>
    </BellBoundary>
  );
}
