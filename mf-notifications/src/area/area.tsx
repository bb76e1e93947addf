import type { AreaProps } from '@lendline/shared';
import { AreaPage, useT } from '@lendline/shared';
import { NotificationSummary } from '../features/summary/notification-summary';
import { NotificationList } from '../features/list/notification-list';
import { NotifyDevice } from '../features/web-push/notify-device';

/** Notifications (/backstage/notifications). Texts live in the shared i18n dictionaries (/assets/i18n/{lang}.json). */
export function Area(_props: AreaProps) {
  const t = useT();
  return (
    <AreaPage title={t('areas.notifications.title')} remote="mf-notifications" version={__REMOTE_VERSION__} comingLater={[]}>
      <NotificationSummary />
      <NotifyDevice />
      <NotificationList />
    </AreaPage>
  );
}
