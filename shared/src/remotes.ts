import remotes from './remotes.json';

/** The remotes document the server publishes at GET /config/remotes and the shell reads at boot. */
export interface RemoteEntry {
  /** Module Federation container name, e.g. mf_portal. */
  name: string;
  /** Workspace folder, e.g. mf-portal. */
  remote: string;
  version: string;
  manifest: string;
  /** The shell API version the release was built for (shell/src/remotes/shell-api.json at its build); absent: 1. */
  contract?: number;
}
export interface RemotesDocument {
  remotes: RemoteEntry[];
  updatedAt: string;
}

/**
 * The five areas and the remote that owns each (docs/ARCHITECTURE.md, Layout). The list is remotes.json, which the
 * release scripts (scripts/remotes-doc.mjs) read too: they run before anything is built.
 */
export const REMOTES: readonly { readonly remote: string; readonly name: string }[] = remotes;
export type RemoteName = (typeof REMOTES)[number]['name'];

/** localStorage key of the developer override: a JSON map of container name → manifest URL. */
export const REMOTE_OVERRIDE_KEY = 'lendline.remoteOverrides';

export function applyOverrides(doc: RemotesDocument, overrides: Record<string, string> | null): RemoteEntry[] {
  return doc.remotes.map((r) => (overrides && typeof overrides[r.name] === 'string' ? { ...r, manifest: overrides[r.name], version: 'override' } : r));
}

/**
 * The remote versions this page runs (container name → version), set by the shell's loader: the notification socket
 * reports them at its handshake, so the release scripts can say which shells run which version (issue 32). A
 * singleton module, so every remote reads what the shell set.
 */
let running: Record<string, string> = {};
export const setRunningRemotes = (versions: Record<string, string>): void => {
  running = { ...versions };
};
export const runningRemotes = (): Record<string, string> => ({ ...running });
