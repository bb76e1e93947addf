import { useState } from 'react';
import { useT } from '@lendline/shared';
import { FieldHistory } from './field-history';

/** The server audits a captured value under its path in the application (customFields.<key>). */
export const auditKey = (key: string) => `customFields.${key}`;

const show = (v: unknown) => (v == null || v === '' ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v));

/**
 * The application's captured values as the server holds them, each with its history. Read-only:
 * editing goes through the portal's form engine (form-host), never a second form written here.
 */
export function ApplicationData({ applicationId, values }: { applicationId: string; values: Record<string, unknown> }) {
  const t = useT();
  const [history, setHistory] = useState<string | null>(null);
  const keys = Object.keys(values);
  if (!keys.length) return null;
  return (
    <section aria-labelledby="ll-app-data">
      <h3 id="ll-app-data">{t('areas.applications.detail.data', undefined, 'Captured values')}</h3>
      <table className="ll-table ll-data-table" data-testid="application-data">
        <thead>
          <tr>
            <th scope="col">{t('areas.applications.detail.field', undefined, 'Field')}</th>
            <th scope="col">{t('areas.applications.detail.value', undefined, 'Value')}</th>
            <th scope="col">
              <span className="ll-visually-hidden">{t('areas.applications.history.column', undefined, 'History')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {keys.map((k) => (
            <tr key={k}>
              <th scope="row">{k}</th>
              <td data-testid={`value-${k}`}>{show(values[k])}</td>
              <td>
                <button type="button" className="ll-button--secondary" onClick={() => setHistory(k)} aria-label={t('areas.applications.history.open', { field: k }, 'History of {field}')}>
                  {t('areas.applications.history.column', undefined, 'History')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {history && <FieldHistory applicationId={applicationId} fieldKey={auditKey(history)} label={history} onClose={() => setHistory(null)} />}
    </section>
  );
}
