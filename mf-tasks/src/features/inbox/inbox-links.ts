import type { InboxItem } from '../../api/tasks-api';

/**
 * The application detail page on the tab the item is worked in (mf-applications reads ?tab= and opens that tab
 * when §2 shows it; otherwise its first tab).
 */
export const itemHref = (i: Pick<InboxItem, 'application_id' | 'tab'>) =>
  `/backstage/application?application_id=${encodeURIComponent(i.application_id)}&tab=${encodeURIComponent(i.tab)}`;

/** Another area owns the detail route: a plain history push lets single-spa mount it. */
export function openHref(href: string): void {
  window.history.pushState(window.history.state, '', href);
}
