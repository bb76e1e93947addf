import { navigateToUrl } from 'single-spa';
import { CONFIG, useServerData, type RemotesDocument } from '@lendline/shared';
import { AREAS, AREA_HOME } from '../areas/areas';

/** The start page: where each area lives and which release of its remote is active. */
export function Home() {
  const { data } = useServerData<RemotesDocument>(CONFIG.remotes);
  return (
    <section className="ll-home" aria-labelledby="home-title">
      <h1 id="home-title">Lendline</h1>
      <p>Loan origination and servicing: customers apply in the portal, staff work applications in the backstage.</p>
      <p className="ll-notice">Staff sign-in, sessions and roles are not available yet; every area is open in this build.</p>
      <ul className="ll-cards" aria-label="Areas">
        {AREAS.map((a) => {
          const r = data?.remotes.find((x) => x.name === a.remote);
          return (
            <li key={a.id} className="ll-card">
              <a href={AREA_HOME[a.id]} onClick={navigateToUrl}>
                {a.label}
              </a>
              <span className="ll-muted">{r ? ` ${r.remote} v${r.version}` : ''}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
