/**
 * Personal data as audits and worklogs keep it: enough to recognise the record, not enough to reuse it. PAN keeps its
 * first two and last two characters, account and phone numbers their last four, e-mails the first letter and the
 * domain, names their initial, dates of birth the year. Credentials (authorization, token, secret, password) go.
 */
const SECRET = /authorization|token|secret|password|credential/i;
const KEYS: [RegExp, (v: string) => string][] = [
  [/^pan$|pannumber/i, (v) => (v.length > 4 ? `${v.slice(0, 2)}${'*'.repeat(v.length - 4)}${v.slice(-2)}` : '****')],
  [/holder|borrower/i, (v) => v.split(/\s+/).map((w) => (w ? `${w[0]}.` : w)).join(' ')],
  [/account|mobile|phone/i, (v) => (v.length > 4 ? `${'*'.repeat(v.length - 4)}${v.slice(-4)}` : '****')],
  [/email/i, (v) => v.replace(/^(.).*(@.*)$/, '$1***$2')],
  [/^(first|last)?name$|firstname|lastname/i, (v) => (v ? `${v[0]}.` : v)],
  [/dob|dateofbirth/i, (v) => v.replace(/^.*?(\d{4}).*$/, '****-$1')],
];

export function maskValue(key: string, v: unknown): unknown {
  if (SECRET.test(key)) return '[removed]';
  if (typeof v !== 'string') return v;
  const rule = KEYS.find(([re]) => re.test(key));
  return rule ? rule[1](v) : v;
}

/** A deep copy with every personal field masked (depth-bounded: external replies are bounded, this too). */
export function masked(value: unknown, depth = 0): unknown {
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.slice(0, 100).map((v) => masked(v, depth + 1));
  return Object.fromEntries(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, typeof v === 'object' ? masked(v, depth + 1) : maskValue(k, v)]));
}

/** A raw reply (JSON text) masked for the audit; anything that is not JSON is kept only as its length. */
export function maskedRaw(raw: string): unknown {
  try {
    return masked(JSON.parse(raw));
  } catch {
    return { unparsedBytes: Buffer.byteLength(raw) };
  }
}
