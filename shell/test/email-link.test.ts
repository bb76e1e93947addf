import { isLinkExpired, parseEmailLink } from '../src/features/status-pages/email-verification-api';

describe('email verification link (§5)', () => {
  const created = Date.UTC(2026, 0, 1, 10);
  it('reads the five parts', () => {
    expect(parseEmailLink(`APP-1|VER-9|true|${created}|24`)).toEqual({ applicationId: 'APP-1', verificationId: 'VER-9', expiryEnabled: true, createdAt: created, validityHours: 24 });
  });
  it('is valid only between creation and creation + hours when the flag is on', () => {
    const link = parseEmailLink(`A|V|1|${created}|2`)!;
    expect(isLinkExpired(link, created + 3600_000)).toBe(false);
    expect(isLinkExpired(link, created + 2 * 3600_000 + 1)).toBe(true);
    expect(isLinkExpired(link, created - 1)).toBe(true);
  });
  it('never expires with the flag off', () => {
    expect(isLinkExpired(parseEmailLink(`A|V|false|${created}|2`)!, created + 99 * 3600_000)).toBe(false);
  });
  it('treats a missing timestamp or missing hours as expired', () => {
    expect(isLinkExpired(parseEmailLink('A|V|true||2')!, created)).toBe(true);
    expect(isLinkExpired(parseEmailLink(`A|V|true|${created}|`)!, created)).toBe(true);
  });
  it('refuses a link without ids', () => {
    expect(parseEmailLink('|')).toBeNull();
    expect(parseEmailLink('only-one')).toBeNull();
  });
});
