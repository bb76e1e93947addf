/**
 * The customer area of §2 (the portal logs in with the built-in customer account). Free of shared
 * singletons: the shell's entry reads it before Module Federation's async boundary.
 */
export function isCustomerPath(pathname: string): boolean {
  return ['/newapplication', '/payments', '/dynamic-resume', '/video-call'].some((p) => pathname === p || pathname.startsWith(p + '/'));
}
