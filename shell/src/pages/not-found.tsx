import { navigateToUrl } from 'single-spa';

/** §2 texts, word for word (including the spec's spelling of cousumerApplication). */
export const NOT_FOUND_TEXTS: Record<string, string> = {
  cousumerApplication: 'Application cancelled successfully',
  web: 'Application Saved successfully',
};
export const NOT_FOUND_DEFAULT = "Sorry! we couldn't find what you are looking for. You may be lost or not allowed to be here.";

export function NotFound() {
  const source = new URLSearchParams(location.search).get('source') ?? '';
  return (
    <section className="ll-status-page" aria-labelledby="nf-title">
      <h1 id="nf-title">Page not found</h1>
      <p data-testid="not-found-text">{NOT_FOUND_TEXTS[source] ?? NOT_FOUND_DEFAULT}</p>
      <a href="/" onClick={navigateToUrl}>
        Go to the start page
      </a>
    </section>
  );
}
