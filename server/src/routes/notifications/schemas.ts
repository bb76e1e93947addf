import { Type } from '@sinclair/typebox';

/** §3 Notification as the list and the socket give it. */
export const NotificationSchema = Type.Object({
  _id: Type.String(),
  notificationId: Type.String({ description: 'The same id as _id' }),
  createdAT: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('0'), Type.Literal('1')], { description: "'1' viewed, '0' unread" }),
  isCounted: Type.Boolean({ description: 'Already counted by the bell (UPDATE_COUNT)' }),
  metadata: Type.Object({
    type: Type.Union([Type.Literal('ASSIGNED'), Type.Literal('FOLLOWED'), Type.Literal('TEAM')]),
    event: Type.Union([Type.String(), Type.Null()], { description: '§6 notification status: AssignedToUser, AssignedToTeam, …' }),
    applicationId: Type.Union([Type.String(), Type.Null()]),
    link: Type.Union([Type.String(), Type.Null()], { description: 'The page of the application it is about' }),
  }),
  username: Type.String({ description: 'Who sent it (the user whose action caused it, or system)' }),
  senderName: Type.String({ maxLength: 200, description: "The sender's display name (their user name when they have none), for a toast that says who did it" }),
  recipient: Type.Union([Type.String(), Type.Null()], { description: 'The user it is for, or null for a team notification' }),
  teamId: Type.Union([Type.String(), Type.Null()], { description: 'The team it is for, or null for a user notification' }),
  messages: Type.Array(Type.String(), { description: 'Who did what to which application, in the `lang` asked for (English by default)' }),
  texts: Type.Object({ en: Type.Array(Type.String()), hi: Type.Array(Type.String()) }, { description: 'The messages in every language' }),
  count: Type.Integer({ description: 'Number of messages' }),
});
