/**
 * Cross-remote loading (`loadRemote('mf_tasks/QueriesTab')`). The shell registers every
 * remote on its own Module Federation instance at boot; a remote's runtime does not know that list.
 * So the shell provides its loader here, on the page's one @lendline/shared (a shared singleton),
 * and every remote loads another remote's expose through loadRemoteModule.
 */
export type RemoteLoader = (id: string) => Promise<unknown>;

let loader: RemoteLoader | null = null;

export function provideRemoteLoader(fn: RemoteLoader): void {
  loader = fn;
}

/** True when a host (the shell) provided its loader; false on a remote's standalone page. */
export function hasRemoteLoader(): boolean {
  return loader !== null;
}

export function loadRemoteModule<T = unknown>(id: string): Promise<T> {
  if (!loader) return Promise.reject(new Error(`No host has provided a remote loader (loading ${id})`));
  return loader(id) as Promise<T>;
}
