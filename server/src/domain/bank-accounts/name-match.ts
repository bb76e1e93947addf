/**
 * Does the name the bank returned for an account belong to the applicant? Banks write names their own way: capitals,
 * surname first, initials ("R KUMAR"), honorifics ("SHRI"), dots and accents. Both names are normalised to words
 * (lower case, accents and punctuation dropped, honorifics dropped), then each word of the shorter name is paired with
 * the best unused word of the other: the same word 1, an initial of it 0.8, a one-letter typo in a word of five or more
 * letters 0.9. The score is the Dice ratio over the words of both names, 0–100: every word counts, so "Ravi" alone
 * does not match "Ravi Kumar" (67) while "R Kumar" does (90) and a middle name the bank adds still does (80).
 */
export const NAME_MATCH_THRESHOLD = 80;

const HONORIFICS = new Set(['mr', 'mrs', 'ms', 'miss', 'shri', 'sri', 'smt', 'kumari', 'km', 'dr', 'md', 'ms/s', 'm/s']);

export function nameWords(name: string): string[] {
  return name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z\s]/g, ' ')
    .split(/\s+/)
    .filter((w) => w && !HONORIFICS.has(w));
}

/** At most one edit (substitution, insertion or deletion) apart. */
function oneEdit(a: string, b: string): boolean {
  if (Math.abs(a.length - b.length) > 1) return false;
  let i = 0;
  let j = 0;
  let edits = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      i++;
      j++;
      continue;
    }
    if (++edits > 1) return false;
    if (a.length > b.length) i++;
    else if (b.length > a.length) j++;
    else {
      i++;
      j++;
    }
  }
  return edits + (a.length - i) + (b.length - j) <= 1;
}

function wordScore(a: string, b: string): number {
  if (a === b) return 1;
  if ((a.length === 1 && b.startsWith(a)) || (b.length === 1 && a.startsWith(b))) return 0.8;
  if (Math.min(a.length, b.length) >= 5 && oneEdit(a, b)) return 0.9;
  return 0;
}

/** 0–100: how well `returned` (the bank's) matches `expected` (the applicant's), whatever the order of the words. */
export function nameMatchScore(expected: string, returned: string): number {
  const a = nameWords(expected);
  const b = nameWords(returned);
  if (!a.length || !b.length) return 0;
  const [short, long] = a.length <= b.length ? [a, b] : [b, a];
  const used = new Set<number>();
  let total = 0;
  for (const w of short) {
    let best = -1;
    let bestScore = 0;
    long.forEach((x, k) => {
      if (used.has(k)) return;
      const s = wordScore(w, x);
      if (s > bestScore) [best, bestScore] = [k, s];
    });
    if (best >= 0) {
      used.add(best);
      total += bestScore;
    }
  }
  return Math.round((200 * total) / (a.length + b.length));
}

export const namesMatch = (expected: string, returned: string) => nameMatchScore(expected, returned) >= NAME_MATCH_THRESHOLD;
