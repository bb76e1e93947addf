import type { AreaProps } from '@lendline/shared';
import { AreaPage } from '@lendline/shared';
import { NotificationSummary } from '../features/summary/notification-summary';

const LATER = ['Real-time delivery over the socket, the bell, toasts and sound', 'Marking notifications viewed, unread or deleted'];

/** Notifications (/backstage/notifications). */
export function Area(_props: AreaProps) {
  return (
    <AreaPage title="Notifications" remote="mf-notifications" version={__REMOTE_VERSION__} comingLater={LATER}>
      <NotificationSummary />
    </AreaPage>
  );
}
