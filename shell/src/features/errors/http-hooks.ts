import { SESSION_EXPIRED_TOAST, TAMPERED_RESPONSE_TOAST, api, eventBus, mapErrorBody, t } from '@lendline/shared';
import { go } from '../../lib/navigate';
import { clearSession } from '../../lib/session-persistence';
import { isLoggingOut } from '../../api/session-api';
import { customerPortalUrl, isCustomerPath } from '../../lib/customer-portal';
import { openErrorModal, showToast } from '../../ui/ui-store';

let redirecting = false;

/**
 * §8: HTTP 401 on a non-login request → toast 'Session expired. Please login again.' and back to
 * root, or in the customer area to the customer-portal address with the same query (§2).
 */
export async function handleUnauthorized(): Promise<void> {
  if (redirecting) return;
  redirecting = true;
  try {
    showToast(t('session.expiredToast', undefined, SESSION_EXPIRED_TOAST), 'error');
    const customer = isCustomerPath(location.pathname);
    const search = location.search;
    clearSession();
    go(customer ? await customerPortalUrl(search) : '/', { replace: true });
  } finally {
    redirecting = false;
  }
}

/** Connects the page's HTTP client to the shell's toasts and error modal. */
export function installHttpHooks(): void {
  api.setHooks({
    onUnauthorized: () => void handleUnauthorized(),
    onTampered: () => showToast(t('errors.tampered', undefined, TAMPERED_RESPONSE_TOAST), 'error'),
    onError: (error) => {
      // Only the §8 shape opens the modal; other content is the caller's to show.
      const outcome = mapErrorBody(error.body);
      if (outcome.kind === 'modal') openErrorModal({ ...outcome.modal, reference: error.requestId });
      else if (outcome.kind === 'generic' && error.status >= 500) {
        // A server fault: the reference is what support needs to find its log lines.
        const text = t('errors.generic', undefined, outcome.message);
        showToast(error.requestId ? `${text} ${t('errorReference.label', undefined, 'Reference')}: ${error.requestId}` : text, 'error');
      }
    },
  });
  // A remote learning that the session ended (mf-notifications' socket gets LOGOUT) takes the 401 path;
  // not while this tab logs out itself, whose own logout ends the session and triggers that LOGOUT.
  eventBus.on('session:expired', () => {
    if (!isLoggingOut()) void handleUnauthorized();
  });
}
