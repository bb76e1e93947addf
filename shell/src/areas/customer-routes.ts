const under = (path: string, prefix: string) => path === prefix || path.startsWith(prefix + '/');

/**
 * Pages an applicant sees (§2 customer routes and the link status pages). Their chrome shows nothing internal:
 * no tenant picker (the tenant comes from the address or the applicant's link) and no version string. Staff
 * pages under /backstage, including the staff view of a customer flow, keep them.
 */
export function isCustomerRoute(pathname: string): boolean {
  if (under(pathname, '/backstage')) return false;
  return ['/newapplication', '/payments', '/dynamic-resume', '/video-call', '/invalidURL', '/expired-link', '/email-verification'].some((p) => under(pathname, p));
}
