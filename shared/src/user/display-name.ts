import type { User } from '../types';

const clean = (v: unknown) => (typeof v === 'string' ? v.trim() : '');

/**
 * §3: the display name falls back to first plus last name, then either of them, then the user
 * name, else "User". An explicit displayName wins when the server sent one.
 */
export function displayNameOf(user: Partial<Pick<User, 'displayName' | 'firstName' | 'lastName' | 'userName'>> | null | undefined): string {
  if (!user) return 'User';
  const explicit = clean(user.displayName);
  if (explicit) return explicit;
  const first = clean(user.firstName);
  const last = clean(user.lastName);
  if (first && last) return `${first} ${last}`;
  if (first || last) return first || last;
  return clean(user.userName) || 'User';
}
