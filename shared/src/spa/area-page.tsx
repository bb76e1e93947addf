import type { ReactNode } from 'react';
import { useT } from '../i18n/use-t';

export interface AreaPageProps {
  title: string;
  /** The remote that renders this page and its running version (from the build). */
  remote: string;
  version: string;
  /**
   * Show "remote vX.Y.Z" on the page (default). Customer pages pass false: applicants are shown nothing internal;
   * the version stays readable for support as the section's data-remote-version attribute.
   */
  showVersion?: boolean;
  /** Features of this area that are not built yet: said plainly, never faked. */
  comingLater: string[];
  children: ReactNode;
}

/** The common frame of an area's landing page: heading, content, what comes later, version. */
export function AreaPage({ title, remote, version, showVersion = true, comingLater, children }: AreaPageProps) {
  const t = useT();
  return (
    <section className="ll-area-page" aria-labelledby={`${remote}-title`} data-remote-version={`${remote} v${version}`}>
      <h1 id={`${remote}-title`}>{title}</h1>
      {children}
      {comingLater.length > 0 && (
        <aside className="ll-coming-later" aria-label={t('area.notYet', undefined, 'Not available yet')}>
          <h2>{t('area.notYet', undefined, 'Not available yet')}</h2>
          <ul>
            {comingLater.map((f) => (
              <li key={f}>{f}</li>
            ))}
          </ul>
        </aside>
      )}
      {showVersion && (
        <p className="ll-remote-version">
          {/* The remote's name is an id for support, not wording: marked as such, with the word before it translated. */}
          {t('remoteVersion.label', undefined, 'Version')}{' '}
          <code lang="en" translate="no" data-testid="remote-version">
            {remote} v{version}
          </code>
        </p>
      )}
    </section>
  );
}
