import { i18nStore, t } from '@lendline/shared';
import { textOf, type NotificationItem } from './list-store';

export const NEW_NOTIFICATION_TOAST = 'You have new notification';

/** The events a toast words itself (application and who), in the language files' notificationWording.toast. */
const WORDED: Record<string, string> = {
  AssignedToUser: '{app} assigned to you by {actor}',
  AssignedToTeam: "{app} sent to your team's queue by {actor}",
  AssignedQueriesToUser: 'Query on {app} for you from {actor}',
  AssignedQueriesToTeam: 'Query on {app} for your team from {actor}',
  AssignedToApprovalUser: 'Approval of {app} asked of you by {actor}',
  AssignedToApprovalTeam: 'Approval of {app} asked of your team by {actor}',
};

/**
 * What a new notification's toast says (issue 26: "APP-00000241 assigned to you by Bela Menon", not only §8's
 * "You have new notification"): assignments, queries and approvals name the application and the sender by display
 * name; any other (a followed application's change) says the server's own text of who did what; §8's sentence when
 * the notification itself is not at hand.
 */
export function toastText(n: NotificationItem | null | undefined): string {
  if (!n) return t('areas.notifications.toast.new', undefined, NEW_NOTIFICATION_TOAST);
  const event = n.metadata.event ?? '';
  const app = n.metadata.applicationId;
  if (app && WORDED[event]) return t(`notificationWording.toast.${event}`, { app, actor: n.senderName || n.username }, WORDED[event]);
  const own = textOf(n, i18nStore.getState().lang);
  return own || t('areas.notifications.toast.new', undefined, NEW_NOTIFICATION_TOAST);
}
