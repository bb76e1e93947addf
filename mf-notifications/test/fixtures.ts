import type { NotificationItem } from '../src/realtime/list-store';

/** A notification as the server sends it (the wire's NotificationView), with what a test cares about overridden. */
export const notification = (id: string | number, over: Partial<NotificationItem> = {}): NotificationItem => ({
  _id: String(id),
  notificationId: String(id),
  createdAT: '2026-11-23T10:00:00.000Z',
  status: '0',
  isCounted: false,
  metadata: { type: 'ASSIGNED', event: null, applicationId: null, link: null },
  username: 'bcm1',
  senderName: 'bcm1',
  recipient: 'cpa1',
  teamId: null,
  messages: [`m${id}`],
  texts: { en: [`m${id}`] },
  count: 1,
  ...over,
});

/** The metadata of a notification of this type (no application, no link). */
export const about = (type: NotificationItem['metadata']['type'], more: Partial<NotificationItem['metadata']> = {}): NotificationItem['metadata'] => ({
  type, event: null, applicationId: null, link: null, ...more,
});
