/** Where Prometheus scrapes (README "Metrics"). */
export const PLATFORM_METRICS = '/metrics';
