import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { api, applyOverrides, provideRemoteLoader, setRunningRemotes, CONFIG, REMOTE_OVERRIDE_KEY, type RemoteEntry, type RemotesDocument } from '@lendline/shared';

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

/**
 * Registers every remote of the remotes document with the MF runtime: the document the page came
 * with (boot data) when there is one, else the one GET /config/remotes answers.
 */
export async function loadRemotes(inline?: RemotesDocument | null): Promise<RemoteEntry[]> {
  const doc = inline ?? (await api.get<RemotesDocument>(CONFIG.remotes));
  current = applyOverrides(doc, readOverrides()).map((r) => ({ ...r, manifest: new URL(r.manifest, location.href).href }));
  registerRemotes(current.map((r) => ({ name: r.name, entry: r.manifest })));
  setRunningRemotes(Object.fromEntries(current.map((r) => [r.name, r.version]))); // reported on the notification socket
  // Remotes load each other's exposes through the shell's instance, which knows every remote.
  provideRemoteLoader((id) => loadRemote(id));
  return current;
}

/**
 * Starts loading a remote's ./spa (manifest, remoteEntry, chunks) before its area mounts, while the
 * shell still renders and signs the customer in. The mount then finds it loaded; a failure here is
 * left to the mount, which shows the area's fallback with Retry.
 */
export function warmRemote(name: string): void {
  void loadRemote(`${name}/spa`).catch(() => undefined);
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

export function remoteEntry(name: string): RemoteEntry | undefined {
  return current.find((r) => r.name === name);
}
