import { Component, lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { hasRemoteLoader, loadRemoteModule } from '@lendline/shared';

type Loaded = ComponentType<Record<string, unknown>>;

/**
 * Loads an expose through the shell's federation instance, which knows every remote
 * (loadRemoteModule of @lendline/shared). On this remote's standalone page there is no shell, so
 * the runtime's own loadRemote is used.
 */
export async function loadFromHost(id: string): Promise<unknown> {
  if (hasRemoteLoader()) return loadRemoteModule(id);
  const { loadRemote } = await import('@module-federation/enhanced/runtime');
  return loadRemote(id);
}

/** Reads the component out of an expose: its default export, a named one, or the module itself. */
function pick(mod: unknown, name: string): Loaded | null {
  if (typeof mod === 'function') return mod as Loaded;
  if (mod && typeof mod === 'object') {
    const m = mod as Record<string, unknown>;
    const c = m.default ?? m[name];
    if (typeof c === 'function' || (c && typeof c === 'object' && '$$typeof' in c)) return c as Loaded;
  }
  return null;
}

export class RemoteUnavailable extends Error {}

const cache = new Map<string, ReturnType<typeof lazy<Loaded>>>();

/**
 * One lazy component per remote id ('mf_tasks/QueriesTab'): a missing expose, a remote that does
 * not load or a module without a component all end in RemoteUnavailable, which the boundary shows.
 */
export function remoteComponent(id: string, loader: (id: string) => Promise<unknown> = loadFromHost) {
  let c = cache.get(id);
  if (!c) {
    const name = id.split('/').pop() ?? id;
    c = lazy(async () => {
      let mod: unknown;
      try {
        mod = await loader(id);
      } catch (e) {
        cache.delete(id); // a later visit may find it released
        throw new RemoteUnavailable(e instanceof Error ? e.message : String(e));
      }
      const comp = pick(mod, name);
      if (!comp) {
        cache.delete(id);
        throw new RemoteUnavailable(`${id} is not exposed`);
      }
      return { default: comp };
    });
    cache.set(id, c);
  }
  return c;
}

export function clearRemoteCache(): void {
  cache.clear();
}

interface BoundaryProps {
  fallback: ReactNode;
  children: ReactNode;
}

/** Keeps a missing or failing remote part inside its slot; the rest of the page works on. */
export class RemoteBoundary extends Component<BoundaryProps, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error) {
    if (!(error instanceof RemoteUnavailable)) console.warn('[mf-applications] remote part failed:', error);
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

export interface RemoteSlotProps {
  id: string;
  props: Record<string, unknown>;
  loading: ReactNode;
  unavailable: ReactNode;
  loader?: (id: string) => Promise<unknown>;
}

export function RemoteSlot({ id, props, loading, unavailable, loader }: RemoteSlotProps) {
  const C = remoteComponent(id, loader);
  return (
    <RemoteBoundary key={id} fallback={unavailable}>
      <Suspense fallback={loading}>
        <C {...props} />
      </Suspense>
    </RemoteBoundary>
  );
}
