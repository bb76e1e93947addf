import { incompatibility } from './compatibility';
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
type Federation = typeof import('./federation');
let federation: Promise<Federation> | null = null;

const asRemotes = (list: RemoteEntry[]) => list.map((r) => ({ name: r.name, entry: r.manifest }));

/**
 * The Module Federation runtime, loaded the first time a remote is needed (./federation.ts): the login page never
 * pays for it. The remotes known by then are registered at once.
 */
function runtime(): Promise<Federation> {
  federation ??= import(/* webpackChunkName: "federation" */ './federation').then((mf) => {
    mf.registerRemotes(asRemotes(current));
    return mf;
  });
  return federation;
}

/**
 * A remote's module through the page's one runtime (an area's ./spa, the bell, another remote's expose). A release
 * this shell does not serve is not loaded at all (remotes/compatibility.ts): its code would run against a runtime or
 * shared exports it was not built for. Areas check first themselves, to say so in their element.
 */
export async function loadFromRemote<T>(id: string): Promise<T | null> {
  const entry = remoteEntry(id.split('/')[0]);
  const skew = incompatibility(entry);
  if (skew && entry) throw new Error(`${entry.remote} ${entry.version} is built for shell API ${skew.needs}; this shell serves ${skew.has}: not loaded`);
  return (await runtime()).loadRemote<T>(id);
}

/**
 * Registers every remote of the remotes document with the MF runtime: the document the page came
 * with (boot data) when there is one, else the one GET /config/remotes answers.
 */
export async function loadRemotes(inline?: RemotesDocument | null): Promise<RemoteEntry[]> {
  const doc = inline ?? (await api.get<RemotesDocument>(CONFIG.remotes));
  const first = !current.length;
  current = applyOverrides(doc, readOverrides()).map((r) => ({ ...r, manifest: new URL(r.manifest, location.href).href }));
  // Registered now if the runtime is already there, else when it loads (runtime()).
  if (federation && first) void federation.then((mf) => mf.registerRemotes(asRemotes(current)));
  setRunningRemotes(Object.fromEntries(current.map((r) => [r.name, r.version]))); // reported on the notification socket
  // Remotes load each other's exposes through the shell's instance, which knows every remote.
  provideRemoteLoader((id) => loadFromRemote(id));
  return current;
}

/**
 * Starts loading a remote's ./spa (manifest, remoteEntry, chunks) before its area mounts, while the
 * shell still renders and signs the customer in. The mount then finds it loaded; a failure here is
 * left to the mount, which shows the area's fallback with Retry.
 */
export function warmRemote(name: string): void {
  void loadFromRemote(`${name}/spa`).catch(() => undefined);
}

/**
 * Registers one remote again, dropping what the runtime cached of it, so Retry really reloads it.
 * When the remotes document itself could not be read at boot, it is read again first.
 */
export async function reRegisterRemote(name: string): Promise<void> {
  if (!current.length) await loadRemotes();
  const entry = current.find((r) => r.name === name);
  if (entry) (await runtime()).registerRemotes(asRemotes([entry]), { force: true });
}

export function remoteVersion(name: string): string | undefined {
  return current.find((r) => r.name === name)?.version;
}

export function remoteEntry(name: string): RemoteEntry | undefined {
  return current.find((r) => r.name === name);
}
