import { addStyleOnce } from '@lendline/shared';
import css from './tasks.css';

const ID = 'll-tasks-styles';

/** The module's styles, added once to the page: the inbox page and each tab body call it (a tab is mounted inside another remote's page). */
export function ensureTaskStyles(): void {
  addStyleOnce(ID, css);
}
