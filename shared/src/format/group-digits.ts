/**
 * Digit grouping of digit text as it is typed (the amount inputs), where a number may not be one yet; a finished
 * amount is shown with formatCurrency / formatInr (Intl, en-IN).
 */

/** Lakh-style grouping: the last three digits, then pairs — 10000000 → "1,00,00,000". */
export function groupIndian(integerDigits: string): string {
  if (integerDigits.length <= 3) return integerDigits;
  const last3 = integerDigits.slice(-3);
  let rest = integerDigits.slice(0, -3);
  const pairs: string[] = [];
  while (rest.length > 2) {
    pairs.unshift(rest.slice(-2));
    rest = rest.slice(0, -2);
  }
  if (rest) pairs.unshift(rest);
  return `${pairs.join(',')},${last3}`;
}

/** International grouping in thousands: 1234567 → "1,234,567". */
export function groupThousands(integerDigits: string): string {
  return integerDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}
