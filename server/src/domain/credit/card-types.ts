/**
 * POST /collectionConfig/cardTypes: the card networks the collection (repayment) screens accept, with how each is
 * recognised (IIN prefixes), its number lengths and CVV length; given a card number, which one it is and whether it
 * passes the Luhn check. Only the network and the last four digits are ever answered back.
 */
export interface CardType {
  type: 'VISA' | 'MASTERCARD' | 'RUPAY' | 'AMEX' | 'DINERS';
  name: string;
  prefixes: string[];
  lengths: number[];
  cvvLength: number;
}

export const CARD_TYPES: CardType[] = [
  { type: 'RUPAY', name: 'RuPay', prefixes: ['60', '65', '81', '82', '508', '353', '356'], lengths: [16], cvvLength: 3 },
  { type: 'VISA', name: 'Visa', prefixes: ['4'], lengths: [13, 16, 19], cvvLength: 3 },
  { type: 'MASTERCARD', name: 'Mastercard', prefixes: ['51', '52', '53', '54', '55', '2221-2720'], lengths: [16], cvvLength: 3 },
  { type: 'AMEX', name: 'American Express', prefixes: ['34', '37'], lengths: [15], cvvLength: 4 },
  { type: 'DINERS', name: 'Diners Club', prefixes: ['300-305', '36', '38'], lengths: [14], cvvLength: 3 },
];

function matches(number: string, prefix: string): number {
  const [lo, hi] = prefix.split('-');
  if (!hi) return number.startsWith(lo) ? lo.length : 0;
  const head = Number(number.slice(0, lo.length));
  return head >= Number(lo) && head <= Number(hi) ? lo.length : 0;
}

export function luhn(number: string): boolean {
  let sum = 0;
  for (let i = 0; i < number.length; i++) {
    let d = Number(number[number.length - 1 - i]);
    if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
    sum += d;
  }
  return number.length > 0 && sum % 10 === 0;
}

/** The network of a card number (the longest matching prefix wins), its validity, and its last four digits. */
export function identifyCard(cardNumber: string) {
  const digits = cardNumber.replace(/[\s-]/g, '');
  let best: { t: CardType; len: number } | null = null;
  for (const t of CARD_TYPES) for (const p of t.prefixes) {
    const len = matches(digits, p);
    if (len && (!best || len > best.len)) best = { t, len };
  }
  return {
    type: best?.t.type ?? null,
    lastFour: digits.slice(-4),
    valid: !!best && best.t.lengths.includes(digits.length) && luhn(digits),
  };
}
