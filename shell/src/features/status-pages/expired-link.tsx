import { useT } from '@lendline/shared';

/** /expired-link (§2): a link-expired image (inline SVG, no extra request) with a text alternative. */
export function ExpiredLink() {
  const t = useT();
  const label = t('status.expiredLink');
  return (
    <section className="ll-status-page" aria-labelledby="expired-title">
      <h1 id="expired-title" className="ll-visually-hidden">
        {label}
      </h1>
      <svg className="ll-expired-image" role="img" aria-label={label} viewBox="0 0 320 200" width="320" height="200" data-testid="expired-link-image">
        <title>{label}</title>
        <rect x="8" y="8" width="304" height="184" rx="16" fill="var(--ll-surface-100, #f3f5f8)" stroke="var(--ll-primary, #1f4e8c)" strokeWidth="4" />
        <g transform="translate(70 58)" fill="none" stroke="var(--ll-primary, #1f4e8c)" strokeWidth="10" strokeLinecap="round">
          <path d="M22 42 l-12 12 a20 20 0 0 0 28 28 l12 -12" />
          <path d="M58 42 l12 -12 a20 20 0 0 0 -28 -28 l-12 12" />
          <path d="M32 16 l-12 -14 M48 68 l12 14" stroke="var(--ll-text-error, #b3261e)" />
        </g>
        <circle cx="230" cy="80" r="34" fill="none" stroke="var(--ll-text-error, #b3261e)" strokeWidth="6" />
        <path d="M230 58 v24 l14 10" fill="none" stroke="var(--ll-text-error, #b3261e)" strokeWidth="6" strokeLinecap="round" />
        <text x="160" y="170" textAnchor="middle" fontSize="20" fontWeight="700" fill="var(--ll-text-background, #1b1f24)">
          {label}
        </text>
      </svg>
    </section>
  );
}
