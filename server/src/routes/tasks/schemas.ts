import { Type } from '@sinclair/typebox';
import { Enum, Nullable } from '../common/schemas';

/** Schemas of the task routes (snooze, inbox, work tabs); what other areas share is in routes/common/. */

/** A snoozed (or woken) task, as the snooze tab shows it. */
export const SnoozedTask = Type.Object({
  taskId: Type.String(),
  name: Type.String(),
  progress: Type.String(),
  assignedTo: Nullable(Type.String()),
  dueAt: Nullable(Type.String({ format: 'date-time', description: '§4 SLA due time' })),
  activeOn: Nullable(Type.String({ format: 'date-time', description: 'The review date; null when not snoozed' })),
  reviewBucket: Enum(['Today', 'Future'], '§4 review bucket: Future while the review date is ahead'),
});
