import { useLayoutEffect } from 'react';
import { sessionStore } from '@lendline/shared';

/**
 * Application references (appRefId, SPEC §3 Session, §7): every applicant signs in with the one built-in customer
 * account, so the server opens an application only for a caller that sends its reference in the `appRefId`
 * header (docs/identity.md, Sessions). The server gives one out when the portal starts an application and when an
 * e-mail link is verified; it is kept here per application, next to the drafts, so a resume on this device works.
 * While the portal works on an application its reference sits in the shared session store, and the shared HTTP
 * client puts it on every request.
 */
const PREFIX = 'lendline.portal.appref';

const keyOf = (applicationId: string) => `${PREFIX}:${applicationId}`;

function storage(): Storage | null {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    return null;
  }
}

/** This page's copy too, for when localStorage is blocked (private mode). */
const memory = new Map<string, string>();

export function rememberAppRef(applicationId: string, appRefId: string): void {
  memory.set(applicationId, appRefId);
  try {
    storage()?.setItem(keyOf(applicationId), appRefId);
  } catch {
    /* storage full or blocked: the reference lasts this page only */
  }
}

export function appRefOf(applicationId: string): string | null {
  return storage()?.getItem(keyOf(applicationId)) ?? memory.get(applicationId) ?? null;
}

/**
 * Puts the application's reference (or none, when this device has none) into the session, so the next requests
 * carry it. Called before each call on an application: another tab working on another application shares the
 * stored session.
 */
export function applyAppRef(applicationId: string): void {
  const { session } = sessionStore.getState();
  if (!session) return;
  const ref = appRefOf(applicationId) ?? undefined;
  if (session.appRefId === ref) return;
  const next = { ...session };
  if (ref) next.appRefId = ref;
  else delete next.appRefId;
  sessionStore.setState({ session: next });
}

/**
 * Working on one application: its reference goes into the session now, again whenever a new session replaces
 * it without one (the customer sign-in arriving, a token refresh), and leaves it when the page closes.
 * Returns the stop function.
 */
export function workOnApplication(applicationId: string): () => void {
  applyAppRef(applicationId);
  const unsubscribe = sessionStore.subscribe((s, prev) => {
    if (s.session && s.session !== prev.session && !s.session.appRefId) applyAppRef(applicationId);
  });
  return () => {
    unsubscribe();
    const { session } = sessionStore.getState();
    if (session?.appRefId && session.appRefId === appRefOf(applicationId)) {
      const next = { ...session };
      delete next.appRefId;
      sessionStore.setState({ session: next });
    }
  };
}

/** The page's application (null: none): a layout effect, so the reference is in place before any request. */
export function useAppRef(applicationId: string | null | undefined): void {
  useLayoutEffect(() => (applicationId ? workOnApplication(applicationId) : undefined), [applicationId]);
}
