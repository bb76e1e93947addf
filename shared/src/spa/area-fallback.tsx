/** The fallback an area shows when its remote cannot load or throws: says so and offers Retry. */
export interface AreaFallbackProps {
  area: string;
  detail?: string;
  onRetry(): void;
}

export function AreaFallback({ area, detail, onRetry }: AreaFallbackProps) {
  return (
    <section role="alert" className="ll-area-fallback" data-testid={`fallback-${area}`}>
      <h2>This part of Lendline is unavailable right now</h2>
      <p>
        The {area} area could not be shown. The rest of the application keeps working.
        {detail ? <span className="ll-area-fallback__detail"> ({detail})</span> : null}
      </p>
      <button type="button" onClick={onRetry}>
        Retry
      </button>
    </section>
  );
}
