import css from './detail.css';

const ID = 'll-application-detail-styles';

/** The detail page's styles, added once when the page first mounts (its chunk is loaded only then). */
export function ensureDetailStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(ID)) return;
  const style = document.createElement('style');
  style.id = ID;
  style.textContent = css;
  document.head.appendChild(style);
}
