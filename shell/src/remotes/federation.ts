import * as runtimeCore from '@module-federation/runtime-core';
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/**
 * The page's one Module Federation runtime (issue 31; docs/ARCHITECTURE.md, "One federation runtime"). A lazy chunk:
 * the login page never loads it; the first page that needs a remote does (shell/src/remotes/load-remotes.ts).
 *
 * - It publishes the runtime's core as `_FEDERATION_RUNTIME_CORE`, the global a remote built with
 *   `experiments.externalRuntime` reads instead of carrying its own ~17 KB copy (what the plugin's
 *   provideExternalRuntime does, without its second, CommonJS copy of the core). Set before any remoteEntry runs.
 * - It provides the shared singletons from the shell's own modules, the instances the shell already runs (one React,
 *   one session store): the versions are the shell build's (__SHELL_SHARED__ from scripts/webpack/shared-singletons.cjs),
 *   what a remote's `requiredVersion` is matched against. Those the first render already uses count as loaded, so the
 *   `loaded-first` strategy never hands a remote a second copy a remote release brings along.
 */
declare const __SHELL_SHARED__: Record<string, { version: string; requiredVersion: string }>;

type Getter = () => Promise<unknown>;
const IMPORTS: Record<string, { get: Getter; loaded: boolean }> = {
  react: { get: () => import('react'), loaded: true },
  'react/jsx-runtime': { get: () => import('react/jsx-runtime'), loaded: true },
  'react-dom': { get: () => import('react-dom'), loaded: true },
  'react-dom/client': { get: () => import('react-dom/client'), loaded: true },
  zustand: { get: () => import('zustand'), loaded: true },
  'zustand/vanilla': { get: () => import('zustand/vanilla'), loaded: true },
  // The whole entry (a remote may call any of its exports): the first render holds only the parts the shell uses.
  '@lendline/shared': { get: () => import('@lendline/shared'), loaded: true },
  '@lendline/shared/ui': { get: () => import('@lendline/shared/ui'), loaded: false },
};

const GLOBAL = globalThis as typeof globalThis & { _FEDERATION_RUNTIME_CORE?: unknown; _FEDERATION_RUNTIME_CORE_FROM?: { name: string; version: string } };
GLOBAL._FEDERATION_RUNTIME_CORE = runtimeCore;
GLOBAL._FEDERATION_RUNTIME_CORE_FROM = { name: 'shell', version: 'lendline' };

init({
  name: 'shell',
  remotes: [],
  shareStrategy: 'loaded-first',
  shared: Object.fromEntries(
    Object.entries(__SHELL_SHARED__).map(([name, { version, requiredVersion }]) => {
      const provided = IMPORTS[name];
      if (!provided) throw new Error(`shell: no import for the shared package ${name}`);
      return [name, { version, scope: 'default', loaded: provided.loaded || undefined, get: () => provided.get().then((m) => () => m), shareConfig: { singleton: true, requiredVersion } }];
    }),
  ),
});

export { loadRemote, registerRemotes };
