import { AUTH, api, hasUnsavedDrafts, isGuardedPath, startDraftVault, t, type DraftKeysReply } from '@lendline/shared';
import { go } from '../../lib/navigate';
import { showToast } from '../../ui/ui-store';

const NO_KEYS: DraftKeysReply = { key: null, previous: [] };

/** Where a fresh sign-in lands: only from there does a restore take the user back to where they were. */
const isLanding = (pathname: string) => pathname === '/' || pathname === '/login' || pathname === '/backstage';

/**
 * Unsaved edits across sessions (shared/src/drafts, docs/identity.md): each staff session's keys come from
 * POST /v3/auth/draft-keys; a restore says so ("Your unsaved changes were restored") and goes back to the address
 * the user was on. The customer portal's shared account keeps no drafts.
 */
export function startSessionDrafts(): () => void {
  // The release notice (features/release-notice) reloads by itself on the next navigation only when nothing is unsaved.
  window.lendlineUnsavedEdits = hasUnsavedDrafts;
  const fetchKeys = (sessions: string[]) =>
    isGuardedPath(location.pathname) || isLanding(location.pathname) ? api.post<DraftKeysReply>(AUTH.draftKeys, { sessions }, { silent: true }) : Promise.resolve(NO_KEYS);
  return startDraftVault(fetchKeys, (state) => {
    showToast(t('sessionDrafts.restored', undefined, 'Your unsaved changes were restored'), 'success');
    const back = state.restoredUrl;
    if (back && isGuardedPath(back.split('?')[0]) && isLanding(location.pathname) && back !== location.pathname + location.search) go(back);
  });
}
