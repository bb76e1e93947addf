import { PLATFORM, useLabel, useServerData } from '@lendline/shared';

interface Summary {
  byStatus: { status: string; count: number }[];
  total: number;
}

/** How many applications the lender holds, by status, read from the server. */
export function StatusSummary() {
  const label = useLabel();
  const { data, error, loading } = useServerData<Summary>(PLATFORM.areaSummary('applications'));
  if (loading) return <p aria-busy="true">Loading applications…</p>;
  if (error || !data) return <p role="alert">Applications could not be loaded.</p>;
  return (
    <table className="ll-table" aria-label="Applications by status">
      <thead>
        <tr>
          <th scope="col">Status</th>
          <th scope="col">Applications</th>
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
          <th scope="row">Total</th>
          <td data-testid="applications-total">{data.total}</td>
        </tr>
      </tfoot>
    </table>
  );
}
