import { createRoot, type Root } from 'react-dom/client';
import type { LifeCycles } from 'single-spa';
import { AreaFallback, t } from '@lendline/shared';
import type { AreaDef } from './areas';
import { loadFromRemote, reRegisterRemote, remoteEntry, remoteVersion } from '../remotes/load-remotes';
import { incompatibility } from '../remotes/compatibility';

type SpaModule = Pick<LifeCycles, 'bootstrap' | 'mount' | 'unmount'>;

/** A release this shell does not mount (remotes/compatibility.ts): its message is shown whole. */
class SkewRefusal extends Error {}

function asArray<T>(v: T | T[]): T[] {
  return Array.isArray(v) ? v : [v];
}
async function run(fns: LifeCycles['mount'], props: object) {
  for (const fn of asArray(fns)) await fn(props as never);
}

/**
 * The shell's single-spa application for one area. It loads the remote's `./spa` at mount; when the
 * manifest or code cannot be loaded it shows a fallback with Retry in the area's own element, so
 * the shell and the other areas keep working. Retry re-registers the remote and tries again.
 */
export function createAreaApp(area: AreaDef): LifeCycles {
  let remote: SpaModule | null = null;
  let fallback: Root | null = null;
  let element: HTMLElement | null = null;
  let lastProps: object = {};

  function clearFallback() {
    fallback?.unmount();
    fallback = null;
  }

  async function mountRemote(props: object) {
    if (!element) return;
    try {
      // Version skew (issue 32): a release built for another shell API is not mounted at all — a clear message
      // instead of a blank or broken area. Retry reads the remotes document again (a compatible release may be active).
      const skew = incompatibility(remoteEntry(area.remote));
      if (skew) {
        const entry = remoteEntry(area.remote)!;
        const vars = { version: `${entry.remote} ${entry.version}`, needs: String(skew.needs), has: String(skew.has) };
        // The operator's trace: which release this page refused, and why (the staff see the same in the area).
        console.warn(`[lendline] refused ${entry.name} ${entry.version}: built for shell API ${skew.needs}, this shell serves ${skew.has}`);
        throw new SkewRefusal(
          skew.newer
            ? t('remoteSkew.newerShell', vars, 'Version {version} needs shell API {needs}; this page runs shell API {has}. This module needs a newer shell than this page runs: reload the page; if this stays, the release team must release the shell first or activate a compatible version')
            : t('remoteSkew.olderRemote', vars, 'Version {version} needs shell API {needs}; this page runs shell API {has}. This module is older than this shell still serves: the release team must activate a newer version'),
        );
      }
      if (!remote) {
        const mod = await loadFromRemote<SpaModule>(`${area.remote}/spa`);
        if (!mod || typeof mod.mount !== 'function') throw new Error(`${area.remote}/spa did not load`);
        await run(mod.bootstrap, props);
        remote = mod;
      }
      clearFallback();
      await run(remote.mount, { ...props, domElement: element, remoteVersion: remoteVersion(area.remote) });
    } catch (error) {
      remote = null;
      console.warn(`[lendline] area ${area.id} unavailable:`, error);
      showFallback(error instanceof Error ? error.message : String(error), error instanceof SkewRefusal);
    }
  }

  function showFallback(detail: string, whole = false) {
    if (!element) return;
    clearFallback();
    fallback = createRoot(element);
    fallback.render(
      <AreaFallback
        area={area.label}
        detail={whole || detail.length <= 160 ? detail : detail.slice(0, 160) + '…'}
        onRetry={() => {
          reRegisterRemote(area.remote)
            .then(() => mountRemote(lastProps))
            .catch((e: unknown) => showFallback(e instanceof Error ? e.message : String(e)));
        }}
      />,
    );
  }

  return {
    bootstrap: async () => undefined,
    mount: async (props) => {
      lastProps = props;
      element = document.getElementById(`area-${area.id}`);
      await mountRemote(props);
    },
    unmount: async (props) => {
      if (fallback) clearFallback();
      else if (remote) await run(remote.unmount, { ...props, domElement: element });
    },
  };
}
