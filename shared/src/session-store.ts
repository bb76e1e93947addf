import { createStore } from 'zustand/vanilla';
import type { Session, User } from './types';

/**
 * The page's one session store (shared singleton through Module Federation, so the shell and every
 * remote see the same tokens). Login and refresh write it; the HTTP client reads it.
 */
export interface SessionState {
  session: Session | null;
  user: User | null;
  setSession(session: Session | null): void;
  setUser(user: User | null): void;
  clear(): void;
}

export const sessionStore = createStore<SessionState>((set) => ({
  session: null,
  user: null,
  setSession: (session) => set({ session }),
  setUser: (user) => set({ user }),
  clear: () => set({ session: null, user: null }),
}));
