/** ES2024's String.prototype.isWellFormed (Node 20 has it; the es2023 lib does not declare it). */
type WellFormed = string & { isWellFormed(): boolean };

/**
 * Why a piece of text cannot go anywhere near the database, or null when it can: PostgreSQL refuses a NUL in text
 * and JSON (22021 / 22P05), and a lone surrogate half has no UTF-8 form (the driver would store U+FFFD instead of
 * what was sent).
 */
export function invalidText(s: string): string | null {
  if (s.includes('\u0000')) return 'must not contain a NUL character';
  if (!(s as WellFormed).isWellFormed()) return 'is not valid Unicode text (lone surrogate)';
  return null;
}
