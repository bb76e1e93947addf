/**
 * The engine never reads the system time directly: date bounds (BETWEEN_AGE, BETWEEN_DAYS) are relative to
 * "today", so callers inject a clock. Tests pin it; the portal and the server pass nothing and get the real one.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();

/** A clock frozen at one instant (tests, replays). */
export function fixedClock(at: Date | string | number): Clock {
  const time = new Date(at).getTime();
  return () => new Date(time);
}
