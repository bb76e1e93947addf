import { flushSync } from 'react-dom';
import { createRoot } from 'react-dom/client';
import { registerApplication, start } from 'single-spa';
import { AREAS } from './areas/areas';
import { createAreaApp } from './areas/area-app';
import { loadRemotes } from './remotes/load-remotes';
import { ShellApp } from './chrome/shell-app';
import { BASE_CSS } from './chrome/styles';

async function boot() {
  const style = document.createElement('style');
  style.textContent = BASE_CSS;
  document.head.appendChild(style);

  let bootError: string | null = null;
  try {
    await loadRemotes();
  } catch (e) {
    // The shell still comes up: each area shows its fallback with Retry.
    bootError = e instanceof Error ? e.message : String(e);
  }

  const root = createRoot(document.getElementById('root')!);
  // Area elements must exist before single-spa mounts anything into them.
  flushSync(() => root.render(<ShellApp bootError={bootError} />));

  for (const area of AREAS) {
    registerApplication({ name: area.id, app: createAreaApp(area), activeWhen: area.activeWhen });
  }
  start({ urlRerouteOnly: true });
}

void boot();
