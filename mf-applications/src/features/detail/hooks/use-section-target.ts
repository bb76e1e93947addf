import { useEffect } from 'react';

/**
 * ?section=…&field=… (the link of a missing mandatory field in the §8 modal): once the section is on the page, it
 * is scrolled into view and its heading takes the focus; where the form may be edited the section opens as a form,
 * and its field is focused when the form has rendered it.
 */
export function useSectionTarget(section: string | null, field: string | null, ready: boolean, editable: boolean, open: (sectionId: string) => void) {
  useEffect(() => {
    if (!section || !ready) return;
    if (editable) open(section);
    let tries = 0;
    const h = setInterval(() => {
      const el = document.querySelector<HTMLElement>(`[data-section="${CSS.escape(section)}"]`);
      const input = field ? el?.querySelector<HTMLElement>(`[name="${CSS.escape(field)}"], #${CSS.escape(field)}`) : null;
      if (el && (input || !editable || tries > 20)) {
        clearInterval(h);
        el.scrollIntoView({ block: 'start' });
        el.setAttribute('data-targeted', 'true');
        (input ?? el.querySelector<HTMLElement>('h3'))?.focus();
      } else if (++tries > 40) clearInterval(h);
    }, 100);
    return () => clearInterval(h);
    // open is a new function each render; the target is what matters
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [section, field, ready, editable]);
}
