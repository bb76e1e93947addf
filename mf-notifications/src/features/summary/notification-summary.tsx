import { PLATFORM, useLabel, useServerData, useT } from '@lendline/shared';

interface Summary {
  byType: { type: string; total: number; unread: number }[];
}

/** Notifications recorded on the server, by type, with how many are unread. */
export function NotificationSummary() {
  const t = useT();
  const label = useLabel();
  const { data, error, loading } = useServerData<Summary>(PLATFORM.areaSummary('notifications'));
  if (loading) return <p aria-busy="true">{t('summaryWording.loadingNotifications', undefined, 'Loading notifications…')}</p>;
  if (error || !data) return <p role="alert">{t('summaryWording.notificationsFailed', undefined, 'Notifications could not be loaded.')}</p>;
  return (
    <ul className="ll-list" aria-label={t('summaryWording.byType', undefined, 'Notifications by type')}>
      {data.byType.map((r) => (
        <li key={r.type}>
          {/* The type by its label ("Assigned to you"), never its code. */}
          <strong data-type={r.type}>{label('notificationType', r.type)}</strong>: {t('labels.notificationCounts', { total: r.total, unread: r.unread }, '{total} recorded, {unread} unread')}
        </li>
      ))}
    </ul>
  );
}
