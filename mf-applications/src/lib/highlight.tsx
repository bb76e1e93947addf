import type { ReactNode } from 'react';

/**
 * Folds one character as the server's search_fold does (migration 090): lower case, marks dropped (Rājeś → rajes),
 * so the fragment found by the server is found again here to be marked.
 */
const fold = (c: string) => c.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** Where `query` occurs in `text`, ignoring case, accents and runs of spaces: [start, end) in text, or null. */
export function findMatch(text: string, query: string): [number, number] | null {
  const q = [...query.trim().replace(/\s+/g, ' ')].map(fold).join('');
  if (!q) return null;
  // The folded text with, for each folded character, the index of the original character it came from.
  let folded = '';
  const from: number[] = [];
  let i = 0;
  for (const ch of text) {
    const space = /\s/.test(ch);
    // A run of spaces folds to one, as the query's does.
    const f = space ? (folded.endsWith(' ') ? '' : ' ') : fold(ch);
    for (let k = 0; k < f.length; k++) from.push(i);
    folded += f;
    i += ch.length;
  }
  from.push(text.length);
  const at = folded.indexOf(q);
  if (at < 0) return null;
  const end = at + q.length;
  return [from[at], end < from.length - 1 ? from[end] : text.length];
}

/** The text with the searched fragment in <mark> (React text nodes: never markup from the data). */
export function Highlight({ text, query }: { text: string; query?: string | null }): ReactNode {
  const m = query ? findMatch(text, query) : null;
  if (!m) return text;
  return (
    <>
      {text.slice(0, m[0])}
      <mark className="ll-mark">{text.slice(m[0], m[1])}</mark>
      {text.slice(m[1])}
    </>
  );
}
