import css from './documents.css';

const ID = 'll-documents-styles';

/** The tab's styles, added once to the page (the shell owns the base styles and theme variables). */
export function ensureDocumentStyles(): void {
  if (typeof document === 'undefined' || document.getElementById(ID)) return;
  const style = document.createElement('style');
  style.id = ID;
  style.textContent = css;
  document.head.appendChild(style);
}
