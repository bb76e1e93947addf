import { useStore } from 'zustand';
import { sessionStore, type User } from '@lendline/shared';

export function useCurrentUser(): User | null {
  return useStore(sessionStore, (s) => s.user);
}

/** Key of a user's per-list choices in the persisted stores. */
export const prefsKey = (userName: string | undefined, list: string) => `${userName ?? 'anonymous'}:${list}`;
