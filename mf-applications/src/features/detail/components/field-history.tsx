import { useEffect, useState } from 'react';
import { formatDateTime, useT } from '@lendline/shared';
import { Dialog } from '@lendline/shared/ui';
import { fetchFieldHistory, type AuditEntry } from '../api/application';
import { ArrowRightIcon } from '@lendline/shared/ui/icons';

const raw = (v: unknown) => (typeof v === 'object' ? JSON.stringify(v) : String(v));

/** A field's audit trail: who changed it, when, from what to what (GET /v3/audits/getAudits). */
export function FieldHistory({ applicationId, fieldKey, label, format = raw, onClose }: { applicationId: string; fieldKey: string; label: string; format?: (v: unknown) => string; onClose(): void }) {
  const show = (v: unknown) => (v == null || v === '' ? '—' : format(v) || '—');
  const t = useT();
  const [rows, setRows] = useState<AuditEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    fetchFieldHistory(applicationId, fieldKey).then(setRows, () => setFailed(true));
  }, [applicationId, fieldKey]);
  return (
    <Dialog
      title={t('areas.applications.history.title', { field: label }, 'History of {field}')}
      onClose={onClose}
      testId="field-history"
      actions={
        <button type="button" data-close onClick={onClose}>
          {t('areas.applications.common.close', undefined, 'Close')}
        </button>
      }
    >
      {failed && <p role="alert">{t('areas.applications.history.failed', undefined, 'The history could not be loaded.')}</p>}
      {!rows && !failed && <p aria-busy="true">{t('areas.applications.common.loading', undefined, 'Loading…')}</p>}
      {rows && rows.length === 0 && <p>{t('areas.applications.history.empty', undefined, 'This field has not been changed.')}</p>}
      {rows && rows.length > 0 && (
        <table className="ll-table">
          <caption className="ll-visually-hidden">{t('areas.applications.history.title', { field: label }, 'History of {field}')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('areas.applications.history.when', undefined, 'When')}</th>
              <th scope="col">{t('areas.applications.history.who', undefined, 'Who')}</th>
              <th scope="col">{t('areas.applications.history.change', undefined, 'Change')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((r, i) => (
              <tr key={r.id ?? i} data-testid="history-row">
                <td>{formatDateTime(r.at)}</td>
                <td>{r.userId}</td>
                <td>
                  {show(r.oldValue)} <ArrowRightIcon label={t('iconLabels.changedTo', undefined, 'changed to')} /> {show(r.newValue)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Dialog>
  );
}
