import { useT } from '@lendline/shared';
import type { Instalment } from '@lendline/shared/pricing';
import { rupees } from './money';

const day = (iso: string) => iso.split('-').reverse().join('/');

/** The repayment schedule (instalment number, date, principal, interest, balance), scrolling sideways on a narrow phone. */
export function ScheduleTable({ rows, caption }: { rows: Instalment[]; caption: string }) {
  const t = useT();
  return (
    <div className="ll-loan-cost__schedule" tabIndex={0} role="region" aria-label={caption}>
      <table>
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('pricing.schedule.no', undefined, 'No.')}</th>
            <th scope="col">{t('pricing.schedule.date', undefined, 'Due date')}</th>
            <th scope="col">{t('pricing.schedule.principal', undefined, 'Principal')}</th>
            <th scope="col">{t('pricing.schedule.interest', undefined, 'Interest')}</th>
            <th scope="col">{t('pricing.schedule.balance', undefined, 'Balance')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.no}>
              <td>{r.no}</td>
              <td>{day(r.date)}</td>
              <td>{rupees(r.principal)}</td>
              <td>{rupees(r.interest)}</td>
              <td>{rupees(r.balance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
