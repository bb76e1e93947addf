/**
 * Nothing lost, nothing twice: the newest notification id this page has seen (sent as `auth.lastId` at each
 * reconnect, so the server replays what was written meanwhile) and the ids already shown (a replay repeats recent
 * ones: ids are taken in write order, committed in their own). Bounded: the oldest ids are forgotten first.
 */
const MAX_IDS = 1000;
let lastId: string | null = null;
const ids = new Set<string>();

const newer = (a: string, b: string | null) => b === null || (a.length !== b.length ? a.length > b.length : a > b);

/** Raises the high-water mark (UPDATE_COUNT's lastId, the list's newest row). */
export function noteLastId(id: string | null | undefined): void {
  if (id && /^[0-9]+$/.test(id) && newer(id, lastId)) lastId = id;
}

/** Records a pushed notification; false when it was already seen (drop it). */
export function firstSight(id: string): boolean {
  if (ids.has(id)) return false;
  ids.add(id);
  if (ids.size > MAX_IDS) ids.delete(ids.values().next().value as string);
  noteLastId(id);
  return true;
}

export const lastSeenId = () => lastId;

/** A new session starts from nothing. */
export function resetSeen(): void {
  lastId = null;
  ids.clear();
}
