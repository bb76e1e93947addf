/** A mobile number as the server masks it (******1234), to say where a code will go; nothing for an e-mail address. */
export function maskedNumber(to: string): string | null {
  const digits = to.replace(/\D/g, '');
  return /^\+?[\d\s-]{10,15}$/.test(to.trim()) ? `${'*'.repeat(digits.length - 4)}${digits.slice(-4)}` : null;
}
