import { useT } from '../i18n/use-t';

/** The fallback an area shows when its remote cannot load or throws: says so and offers Retry. */
export interface AreaFallbackProps {
  area: string;
  detail?: string;
  onRetry(): void;
}

export function AreaFallback({ area, detail, onRetry }: AreaFallbackProps) {
  const t = useT();
  return (
    <section role="alert" className="ll-area-fallback" data-testid={`fallback-${area}`}>
      <h2>{t('area.unavailable', undefined, 'This part of Lendline is unavailable right now')}</h2>
      <p>
        {t('area.unavailableDetail', { area }, 'The {area} area could not be shown. The rest of the application keeps working.')}
        {detail ? <span className="ll-area-fallback__detail"> ({detail})</span> : null}
      </p>
      <button type="button" onClick={onRetry}>
        {t('errors.retry', undefined, 'Retry')}
      </button>
    </section>
  );
}
