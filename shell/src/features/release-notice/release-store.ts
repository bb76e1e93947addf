import { createStore } from 'zustand/vanilla';
import { useStore } from 'zustand';
import { eventBus, type LendlineEvents } from '@lendline/shared';
import { remoteVersion } from '../../remotes/load-remotes';

export type ReleaseChange = LendlineEvents['release:changed'];

interface ReleaseState {
  /** Remotes whose active version is not the one this page runs, newest change per remote. */
  notices: ReleaseChange[];
  /** An urgent rollback: the dialog asks at once. */
  urgent: ReleaseChange | null;
}

/** New releases of remotes while this page is open (issue 32). One store, reset in tests. */
export const releaseStore = createStore<ReleaseState>(() => ({ notices: [], urgent: null }));

declare global {
  interface Window {
    /**
     * Whether the page holds edits not yet saved. The unsaved-edits store sets it; until it exists, nothing is
     * considered dirty but a page's own beforeunload guard still asks the browser's question on reload.
     */
    lendlineUnsavedEdits?: () => boolean;
  }
}

export const hasUnsavedEdits = (): boolean => {
  try {
    return window.lendlineUnsavedEdits?.() === true;
  } catch {
    return true; // cannot tell: do not reload behind the user's back
  }
};

/** Reload seam (jsdom cannot reload). */
export const page = { reload: () => location.reload() };

export function reloadNow(): void {
  page.reload();
}

export function dismissUrgent(): void {
  releaseStore.setState({ urgent: null });
}

/**
 * Listens for RELEASE (forwarded from the notification socket by mf-notifications over the shared bus) and for
 * navigations. A change to a version this page already runs is ignored (a rollback after a reload, a repeat). A
 * notice stays until the page reloads; the next navigation reloads the page by itself — the new URL, loaded fresh
 * with the new remote — unless there are unsaved edits (then the banner stays and the user chooses).
 */
export function installReleaseNotices(): () => void {
  const off = eventBus.on('release:changed', (change) => {
    if (!change || typeof change.name !== 'string' || typeof change.version !== 'string') return;
    const running = remoteVersion(change.name);
    const notices = releaseStore.getState().notices.filter((n) => n.name !== change.name);
    if (running === change.version || running === 'override') {
      releaseStore.setState({ notices, urgent: null });
      return;
    }
    releaseStore.setState({ notices: [...notices, change], urgent: change.urgent ? change : releaseStore.getState().urgent });
  });
  // single-spa announces every navigation (pushState, links, Back) once the URL has changed, before areas remount.
  const onRoute = () => {
    if (releaseStore.getState().notices.length && !hasUnsavedEdits()) page.reload();
  };
  window.addEventListener('single-spa:before-routing-event', onRoute);
  return () => {
    off();
    window.removeEventListener('single-spa:before-routing-event', onRoute);
  };
}

export const useRelease = <T,>(select: (s: ReleaseState) => T) => useStore(releaseStore, select);
