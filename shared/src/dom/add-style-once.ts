/**
 * Adds a stylesheet to the page once: the id is the guard, so every mount, remote or chunk that brings the same
 * styles may call it (a remote's styles arrive with its code; the shell owns the base styles and theme variables).
 */
export function addStyleOnce(id: string, css: string): void {
  if (typeof document === 'undefined' || document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}
