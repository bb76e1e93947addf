import shellContract from './shell-api.json';
import type { RemoteEntry } from '@lendline/shared';

/**
 * The shell API this shell offers remotes (shell-api.json, AT THE SHELL'S BUILD: compiled in, so a
 * newer shared singleton cannot change it). A remote release declares the API it was built for (lendline-contract.json,
 * copied into the remotes document as `contract` when activated); releases without one predate the declaration and
 * were built for API 1. Raise shellApi when the shell stops giving remotes something they rely on (mount props, the
 * shared stores' shape, the event bus's events), and list here the older APIs this shell still serves.
 */
export const SHELL_API: number = shellContract.shellApi;
const ALSO_SERVES: readonly number[] = [];

/** Why this shell must not mount the release, or null when it may. */
export function incompatibility(entry: RemoteEntry | undefined): { needs: number; has: number } | null {
  if (!entry || entry.version === 'override') return null; // a developer's own build: their call
  const needs = entry.contract ?? 1;
  return needs === SHELL_API || ALSO_SERVES.includes(needs) ? null : { needs, has: SHELL_API };
}
