import { findTheme } from '../src/features/theme/theme-api';
import { readCustomerPortal, isCustomerPath } from '../src/lib/customer-portal';
import { needsCustomerLogin } from '../src/features/auth/customer-login';
import { moveOnTarget } from '../src/features/status-pages/not-found';

describe('reading server replies', () => {
  it('finds the theme in GLOBAL/Theme and in the product bundle', () => {
    const theme = { primaryColor: '#2E7D32', styleTheme: { fontFamily: "'Source Sans 3', sans-serif" } };
    expect(findTheme({ data: theme, configId: '4' })).toMatchObject({ primaryColor: '#2E7D32', fontFamily: "'Source Sans 3', sans-serif" });
    expect(findTheme({ data: { adminFeatures: null, globalcolorSchemes: { enabled: true, ...theme } } })?.primaryColor).toBe('#2E7D32');
    expect(findTheme({ data: null })).toBeNull();
  });

  it('reads customerportal from Environment/Domain', () => {
    expect(readCustomerPortal({ data: { customerportal: 'https://apply.example/newapplication' } })).toBe('https://apply.example/newapplication');
    expect(readCustomerPortal({ data: {} })).toBeNull();
  });
});

describe('customer area (§6)', () => {
  it('logs in automatically only in the customer area, outside backstage, with no user', () => {
    expect(isCustomerPath('/newapplication')).toBe(true);
    expect(isCustomerPath('/payments/123')).toBe(true);
    expect(needsCustomerLogin('/dynamic-resume', false)).toBe(true);
    expect(needsCustomerLogin('/newapplication', true)).toBe(false);
    expect(needsCustomerLogin('/backstage/newapplication', false)).toBe(false);
    expect(needsCustomerLogin('/', false)).toBe(false);
  });
});

describe('not-found move-on (§2)', () => {
  it('goes to root for the backstage source or a notfound URL', async () => {
    await expect(moveOnTarget('backstage', '/x', '?source=backstage')).resolves.toBe('/');
    await expect(moveOnTarget('web', '/notfound', '?source=web')).resolves.toBe('/');
  });
  it('otherwise to the customer portal with the same query (no server: /newapplication)', async () => {
    globalThis.fetch = jest.fn(async () => new Response('', { status: 503 })) as never;
    await expect(moveOnTarget('web', '/x', '?source=web&a=1')).resolves.toBe('/newapplication?source=web&a=1');
  });
});
