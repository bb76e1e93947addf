// single-spa lifecycles of this area; the shell mounts them through Module Federation ('./spa').
import { createAreaSpa, i18nStore } from '@lendline/shared';
import { Area } from './area/area';
import { canHydrate } from './lib/first-paint';
import { productsSummaryPath } from './features/products/products-api';

// The landing page the server painted from this release (issue 31) is hydrated, so what was painted stays and becomes
// live; any other page (or a painted one this browser would read differently: another language or tenant) is rendered
// afresh, which replaces the painted markup.
export const { bootstrap, mount, unmount } = createAreaSpa('portal', Area, {
  renderType: () => (canHydrate(document.getElementById('area-portal'), productsSummaryPath(i18nStore.getState().lang)) ? 'hydrateRoot' : 'createRoot'),
});
