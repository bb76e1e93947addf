import { PLATFORM, useLabel, useServerData, useT } from '@lendline/shared';

interface Summary {
  byStatus: { status: string; count: number }[];
  total: number;
}

/** How many applications the lender holds, by status, read from the server. */
export function StatusSummary() {
  const label = useLabel();
  const t = useT();
  const { data, error, loading } = useServerData<Summary>(PLATFORM.areaSummary('applications'));
  if (loading) return <p aria-busy="true">{t('summaryWording.loadingApplications', undefined, 'Loading applications…')}</p>;
  if (error || !data) return <p role="alert">{t('summaryWording.applicationsFailed', undefined, 'Applications could not be loaded.')}</p>;
  return (
    <table className="ll-table" aria-label={t('summaryWording.byStatus', undefined, 'Applications by status')}>
      <thead>
        <tr>
          <th scope="col">{t('summaryWording.status', undefined, 'Status')}</th>
          <th scope="col">{t('summaryWording.applications', undefined, 'Applications')}</th>
        </tr>
      </thead>
      <tbody>
        {data.byStatus.map((r) => (
          <tr key={r.status}>
            <td data-status={r.status}>{label('applicationStatus', r.status)}</td>
            <td>{r.count}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('summaryWording.total', undefined, 'Total')}</th>
          <td data-testid="applications-total">{data.total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
