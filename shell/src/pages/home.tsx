import { followLink } from '../lib/navigate';
import { CONFIG, isSessionLive, useServerData, useT, type RemotesDocument } from '@lendline/shared';
import { AREAS, AREA_HOME } from '../areas/areas';
import { useSession } from '../chrome/use-session';
import { LoginPage } from '../features/auth/login-page';

/** Root: the staff login for signed-out users (§2); signed in, where each area lives. */
export function Home() {
  const { session } = useSession();
  if (!isSessionLive(session) || location.pathname === '/login') return <LoginPage />;
  return <AreaIndex />;
}

function AreaIndex() {
  const t = useT();
  const { data } = useServerData<RemotesDocument>(CONFIG.remotes);
  return (
    <section className="ll-home" aria-labelledby="home-title">
      <h1 id="home-title">Lendline</h1>
      <p>{t('home.intro')}</p>
      <ul className="ll-cards" aria-label={t('home.areas')}>
        {AREAS.map((a) => {
          const r = data?.remotes.find((x) => x.name === a.remote);
          return (
            <li key={a.id} className="ll-card">
              <a href={AREA_HOME[a.id]} onClick={followLink}>
                {t(`areas.${a.id}.label`, undefined, a.label)}
              </a>
              <span className="ll-muted">{r ? ` ${r.remote} v${r.version}` : ''}</span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
