import shellContract from './shell-api.json';
import type { RemoteEntry } from '@lendline/shared';

/**
 * The shell API this shell offers remotes (shell-api.json, AT THE SHELL'S BUILD: compiled in, so a newer shared
 * singleton cannot change it). A remote release declares the API it was built for (lendline-contract.json, copied into
 * the remotes document as `contract` when activated); releases without one predate the declaration and were built for
 * API 1. The API is raised (docs/ARCHITECTURE.md, "The shared contract") when @lendline/shared's exports grow (its
 * version moves with it: scripts/shared-exports.mjs checks both), when the shell changes what remotes rely on (mount
 * props, the shared stores' shape, the event bus's events), or how the page runs them (API 2: the shell provides the
 * one Module Federation runtime, which remotes built for 2 no longer carry). List here the older APIs this shell still
 * serves: a remote built for one of them runs on what this shell provides (shared only grew; its own runtime copy).
 */
export const SHELL_API: number = shellContract.shellApi;
const ALSO_SERVES: readonly number[] = [1, 2];

/** Why this shell must not mount the release, or null when it may; `newer`: the release needs a newer shell. */
export function incompatibility(entry: RemoteEntry | undefined): { needs: number; has: number; newer: boolean } | null {
  if (!entry || entry.version === 'override') return null; // a developer's own build: their call
  const needs = entry.contract ?? 1;
  return needs === SHELL_API || ALSO_SERVES.includes(needs) ? null : { needs, has: SHELL_API, newer: needs > SHELL_API };
}
