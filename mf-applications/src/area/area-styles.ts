import { addStyleOnce } from '@lendline/shared';
import css from './area.css';
// The lists' own rules (features/lists): the list page takes the whole width (`.ll-main:has(.ll-list-page)` lifts
// the shell's 72rem reading column), fixed table layout from the <col>s, sticky header and id column.
import listsCss from '../features/lists/lists.css';

const ID = 'll-applications-styles';

/** The area's styles, added once to the page (the shell owns the base styles and theme variables). */
export function ensureAreaStyles(): void {
  addStyleOnce(ID, css + listsCss);
}
