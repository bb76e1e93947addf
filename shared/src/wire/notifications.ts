import type { Notification } from '../types';

// What the notification list and the NOTIFICATION push carry, typed once for the server that writes it
// (domain/notifications/notifications.ts toNotification) and the remote that reads it (mf-notifications): §3's
// Notification and what the server adds to it.

export type NotificationType = Notification['metadata']['type'];

export interface NotificationView extends Omit<Notification, 'metadata'> {
  metadata: { type: NotificationType; event: string | null; applicationId: string | null; link: string | null };
  /** The sender's display name, for the toast's "by Bela Menon". */
  senderName: string;
  /** Whom it is for: a user, or a team (then recipient is null). */
  recipient: string | null;
  teamId: string | null;
  /** The messages in each language the server words them in (en, hi); `messages` is in the reader's language. */
  texts: Record<string, string[]>;
}
