import { navigateToUrl } from 'single-spa';
import { AREAS, AREA_HOME, activeArea } from '../areas/areas';
import { useLocationKey } from './use-location';

/** The shell's navigation: one link per area; the active one is marked for assistive tech. */
export function Header() {
  useLocationKey();
  const current = activeArea(location);
  return (
    <header className="ll-header">
      <a className="ll-brand" href="/" onClick={navigateToUrl}>
        Lendline
      </a>
      <nav aria-label="Main">
        <ul>
          {AREAS.map((a) => (
            <li key={a.id}>
              <a href={AREA_HOME[a.id]} onClick={navigateToUrl} aria-current={current?.id === a.id ? 'page' : undefined}>
                {a.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}
