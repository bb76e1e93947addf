import { useT } from '@lendline/shared';

export const INVALID_URL_HEADING = '400 Invalid URL';
export const INVALID_URL_TEXT = 'The link is either expired or invalid or your application has already been submitted for further processing.';

/** /invalidURL (§2), texts word for word. */
export function InvalidUrl() {
  const t = useT();
  return (
    <section className="ll-status-page" aria-labelledby="invalid-title">
      <h1 id="invalid-title">{t('status.invalidUrlTitle', undefined, INVALID_URL_HEADING)}</h1>
      <p data-testid="invalid-url-text">{t('status.invalidUrlText', undefined, INVALID_URL_TEXT)}</p>
    </section>
  );
}
