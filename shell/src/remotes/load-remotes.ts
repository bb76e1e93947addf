import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { api, applyOverrides, provideRemoteLoader, CONFIG, REMOTE_OVERRIDE_KEY, type RemoteEntry, type RemotesDocument } from '@lendline/shared';

/** Developer override: localStorage['lendline.remoteOverrides'] = {"mf_tasks": "http://127.0.0.1:3003/mf-manifest.json"}. */
function readOverrides(): Record<string, string> | null {
  try {
    const raw = localStorage.getItem(REMOTE_OVERRIDE_KEY);
    return raw ? (JSON.parse(raw) as Record<string, string>) : null;
  } catch {
    return null;
  }
}

let current: RemoteEntry[] = [];

/** Reads the remotes document from the server and registers every remote with the MF runtime. */
export async function loadRemotes(): Promise<RemoteEntry[]> {
  const doc = await api.get<RemotesDocument>(CONFIG.remotes);
  current = applyOverrides(doc, readOverrides()).map((r) => ({ ...r, manifest: new URL(r.manifest, location.href).href }));
  registerRemotes(current.map((r) => ({ name: r.name, entry: r.manifest })));
  // Remotes load each other's exposes through the shell's instance, which knows every remote.
  provideRemoteLoader((id) => loadRemote(id));
  return current;
}

/**
 * Registers one remote again, dropping what the runtime cached of it, so Retry really reloads it.
 * When the remotes document itself could not be read at boot, it is read again first.
 */
export async function reRegisterRemote(name: string): Promise<void> {
  if (!current.length) await loadRemotes();
  const entry = current.find((r) => r.name === name);
  if (entry) registerRemotes([{ name: entry.name, entry: entry.manifest }], { force: true });
}

export function remoteVersion(name: string): string | undefined {
  return current.find((r) => r.name === name)?.version;
}
