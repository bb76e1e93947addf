import { useStore } from 'zustand';
import { sessionStore } from '@lendline/shared';

/** The shared session and user, re-rendering on login, refresh and logout. */
export function useSession() {
  const session = useStore(sessionStore, (s) => s.session);
  const user = useStore(sessionStore, (s) => s.user);
  return { session, user };
}
