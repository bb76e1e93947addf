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
