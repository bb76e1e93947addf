/** Rounds to paise (2 decimals), away from float noise: 0.1 + 0.2 → 0.3. */
export const paise = (n: number) => Math.round((n + Number.EPSILON * Math.sign(n)) * 100) / 100;
