import { useEffect } from 'react';
import { useT } from '@lendline/shared';
import { go } from '../../lib/navigate';
import { clearSession } from '../../lib/session-persistence';
import { customerPortalUrl } from '../../lib/customer-portal';

/** §2 texts, word for word (including the spec's spelling of cousumerApplication). */
export const NOT_FOUND_TEXTS: Record<string, string> = {
  cousumerApplication: 'Application cancelled successfully',
  web: 'Application Saved successfully',
};
export const NOT_FOUND_DEFAULT = "Sorry! we couldn't find what you are looking for. You may be lost or not allowed to be here.";
const TEXT_KEYS: Record<string, string> = { cousumerApplication: 'status.applicationCancelled', web: 'status.applicationSaved' };

/** §2 move-on: root for the backstage source or a notfound URL, otherwise the customer portal with the same query. */
export async function moveOnTarget(source: string, pathname: string, search: string): Promise<string> {
  if (source === 'backstage' || /notfound/i.test(pathname)) return '/';
  return customerPortalUrl(search);
}

export function NotFound() {
  const t = useT();
  const source = new URLSearchParams(location.search).get('source') ?? '';
  useEffect(() => {
    // §2: loading the page clears the session tokens and the login flag.
    clearSession();
  }, []);
  const text = source in NOT_FOUND_TEXTS ? t(TEXT_KEYS[source], undefined, NOT_FOUND_TEXTS[source]) : t('status.notFound', undefined, NOT_FOUND_DEFAULT);
  return (
    <section className="ll-status-page" aria-labelledby="nf-title">
      <h1 id="nf-title">{t('notFound.title')}</h1>
      <p data-testid="not-found-text">{text}</p>
      <button type="button" onClick={() => void moveOnTarget(source, location.pathname, location.search).then((url) => go(url))}>
        {t('status.moveOn')}
      </button>
    </section>
  );
}
