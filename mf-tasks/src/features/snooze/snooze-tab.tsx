import { useEffect, useState, type FormEvent } from 'react';
import { formatDateTime, useMutation, useT } from '@lendline/shared';
import { removeSnooze, snooze } from '../../api/tasks-api';
import { ensureTaskStyles } from '../../ui/styles';
import { DateTimeField, TextArea } from '@lendline/shared/ui';
import type { TabProps } from '../../ui/tab-props';

const pad = (n: number) => String(n).padStart(2, '0');
/** A datetime-local value (the user's clock) for a Date. */
const localValue = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;

/**
 * Snooze tab (§2, §6 TASK_REVIEW_DATE): the current task's review date. Set it (a time ahead, with a reason) and
 * the task leaves the Today bucket of the inbox until then; remove it and it is back at once.
 */
export default function SnoozeTab({ applicationId, taskId, application, onChanged }: TabProps) {
  const t = useT();
  useEffect(ensureTaskStyles, []);
  const activeOn = application.currentTask?.activeOn ?? null;
  const snoozed = !!activeOn && new Date(activeOn).getTime() > Date.now();
  // A day ahead, on the next quarter hour: the time picker offers quarter hours.
  const [until, setUntil] = useState(() => localValue(new Date(Math.ceil((Date.now() + 86400000) / 900000) * 900000)));
  const [reason, setReason] = useState('');
  const { busy, run: mutate } = useMutation();
  // The shell's error modal shows a §8 refusal (stale verNum, date in the past…).
  const run = (fn: () => Promise<unknown>, done: string) =>
    mutate(fn, {
      done,
      then: () => {
        setReason('');
        onChanged();
      },
    });

  function submit(e: FormEvent) {
    e.preventDefault();
    const at = new Date(until);
    run(() => snooze({ application_id: applicationId, verNum: application.verNum, taskId: taskId ?? undefined, snoozeTime: at.toISOString(), reason }), t('areas.tasks.snooze.done', { date: formatDateTime(at) }, 'Snoozed until {date}'));
  }

  return (
    <div data-testid="snooze-tab">
      {snoozed ? (
        <div>
          <p role="status" data-testid="snooze-state">
            {t('areas.tasks.snooze.until', { date: formatDateTime(activeOn) }, 'This task is snoozed until {date}: it is in the Future bucket until then.')}
          </p>
          <button type="button" disabled={busy} onClick={() => run(() => removeSnooze({ application_id: applicationId, verNum: application.verNum, taskId: taskId ?? undefined }), t('areas.tasks.snooze.removed', undefined, 'Snooze removed'))}>
            {t('areas.tasks.snooze.remove', undefined, 'Remove snooze')}
          </button>
        </div>
      ) : (
        <form className="ll-snooze-form" onSubmit={submit}>
          <p data-testid="snooze-state">{t('areas.tasks.snooze.none', undefined, 'This task is not snoozed: it is in Today.')}</p>
          <DateTimeField label={t('areas.tasks.snooze.date', undefined, 'Review on')} value={until} onChange={setUntil} minDate={localValue(new Date()).slice(0, 10)} testId="snooze-until" />
          <TextArea label={t('areas.tasks.snooze.reason', undefined, 'Reason')} isRequired maxLength={500} value={reason} onChange={setReason} />
          <button type="submit" disabled={busy || !until || !reason.trim()}>
            {t('areas.tasks.snooze.submit', undefined, 'Snooze')}
          </button>
        </form>
      )}
    </div>
  );
}
