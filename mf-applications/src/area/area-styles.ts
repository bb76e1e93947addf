import css from './area.css';
// The lists' own rules (features/lists): the list page takes the whole width (`.ll-main:has(.ll-list-page)` lifts
// the shell's 72rem reading column), fixed table layout from the <col>s, sticky header and id column.
import listsCss from '../features/lists/lists.css';

const ID = 'll-applications-styles';

/** The area's styles, added once to the page (the shell owns the base styles and theme variables). */
export function ensureAreaStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(ID)) return;
  const style = document.createElement('style');
  style.id = ID;
  style.textContent = css + listsCss;
  document.head.appendChild(style);
}
