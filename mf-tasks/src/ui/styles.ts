import css from './tasks.css';

const ID = 'll-tasks-styles';

/** The module's styles, added once to the page: the inbox page and each tab body call it (a tab is mounted inside another remote's page). */
export function ensureTaskStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(ID)) return;
  const style = document.createElement('style');
  style.id = ID;
  style.textContent = css;
  document.head.appendChild(style);
}
