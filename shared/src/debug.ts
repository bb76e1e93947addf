/**
 * Debug app mode (§6): a session-storage flag; while it is on, non-admin request paths get the
 * /debugger prefix (the server strips it again and tags the request as debug).
 */
export const DEBUG_FLAG_KEY = 'lendline.debugMode';
export const DEBUG_PREFIX = '/debugger';

interface StorageLike {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

// Typed structurally so this file also compiles for Node, where there is no DOM lib.
function storage(): StorageLike | undefined {
  return (globalThis as { sessionStorage?: StorageLike }).sessionStorage;
}

export function isDebugMode(): boolean {
  return storage()?.getItem(DEBUG_FLAG_KEY) === 'true';
}

export function setDebugMode(on: boolean): void {
  if (on) storage()?.setItem(DEBUG_FLAG_KEY, 'true');
  else storage()?.removeItem(DEBUG_FLAG_KEY);
}

/** Prefixes a path for debug mode unless it is an admin path or already prefixed. */
export function withDebugPrefix(path: string, opts: { debug: boolean; admin?: boolean }): string {
  if (!opts.debug || opts.admin || path.startsWith(DEBUG_PREFIX + '/')) return path;
  return DEBUG_PREFIX + (path.startsWith('/') ? path : '/' + path);
}
