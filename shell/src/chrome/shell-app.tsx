import { AREAS, activeArea } from '../areas/areas';
import { Header } from './header';
import { useLocationKey } from './use-location';
import { Home } from '../pages/home';
import { NotFound } from '../pages/not-found';

/** Pages the shell renders itself when no area owns the path. */
function ShellPage() {
  useLocationKey();
  if (activeArea(location)) return null;
  if (location.pathname === '/' || location.pathname === '/login') return <Home />;
  return <NotFound />;
}

/**
 * The page frame: header, one empty element per area (single-spa mounts the remote there; React
 * never touches their children) and the shell's own pages.
 */
export function ShellApp({ bootError }: { bootError: string | null }) {
  return (
    <>
      <Header />
      <main id="main" className="ll-main">
        {bootError && (
          <p role="alert" className="ll-banner">
            The list of application modules could not be read ({bootError}). Areas will show a Retry button.
          </p>
        )}
        {AREAS.map((a) => (
          <div key={a.id} id={`area-${a.id}`} data-area={a.id} />
        ))}
        <ShellPage />
      </main>
    </>
  );
}
