import { isCustomerRoute } from '../src/areas/customer-routes';

describe('customer routes (no tenant picker, no version on them)', () => {
  it('the applicant pages and the link status pages are customer routes', () => {
    for (const p of ['/newapplication', '/newapplication/loan/loan_details', '/payments', '/dynamic-resume', '/dynamic-resume/status', '/invalidURL', '/expired-link', '/email-verification']) {
      expect(isCustomerRoute(p)).toBe(true);
    }
  });
  it('staff pages, the staff view of a customer flow and the home page are not', () => {
    for (const p of ['/', '/login', '/backstage', '/backstage/newapplication', '/backstage/tasks', '/newapplicationx', '/paymentsx']) {
      expect(isCustomerRoute(p)).toBe(false);
    }
  });
});

describe('the tenant on a customer page comes from the address', () => {
  afterEach(() => {
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });
  it('?tenant= wins over and replaces the remembered tenant; a malformed one is ignored', async () => {
    const { storedTenant } = await import('../src/lib/stored-tenant');
    localStorage.setItem('lendline.tenant', 'default');
    window.history.replaceState(null, '', '/newapplication?product_code=PL&tenant=northbank');
    expect(storedTenant()).toBe('northbank');
    expect(localStorage.getItem('lendline.tenant')).toBe('northbank');
    window.history.replaceState(null, '', '/newapplication?tenant=%3Cscript%3E');
    expect(storedTenant()).toBe('northbank');
  });
});
