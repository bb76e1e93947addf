import type { TranslateParams } from '../i18n/translate';
import { formatDuration } from '../format/duration';
import type { SlaState } from './state';

type Translate = (key: string, params?: TranslateParams, defaultText?: string) => string;

/** How a screen colours an SLA state (CSS class suffix and data-risk). */
export type SlaTone = 'on-track' | 'at-risk' | 'breached' | 'paused' | 'closed' | 'none';

export interface SlaWords {
  tone: SlaTone;
  /** The state in a word or two: On track, At risk, Breached, Paused, Closed, No SLA. */
  label: string;
  /** What it means now: the due time and the time left, since when it is paused, when it closed and what it took. */
  detail: string;
  /** The time not counted against the bank, when there is some. */
  excluded: string | null;
}

const TONES: Record<SlaState['state'], SlaTone> = { ON_TRACK: 'on-track', AT_RISK: 'at-risk', BREACHED: 'breached', PAUSED: 'paused', CLOSED: 'closed', NO_SLA: 'none' };

/**
 * The words of an SLA state, the same in the lists, the task inbox, the drill-down and the detail header (texts under
 * "sla." in the shell's locales; the English here is the fallback). `time` formats an ISO time the screen's way;
 * durations read in the one style of format/duration.ts ("3 d 4 h") in `lang`.
 */
export function slaWords(s: SlaState, t: Translate, time: (iso: string) => string, lang?: string): SlaWords {
  const duration = (ms: number) => formatDuration(ms, lang);
  const tone = TONES[s.state];
  const label = t(`sla.state.${s.state}`, undefined, { ON_TRACK: 'On track', AT_RISK: 'At risk', BREACHED: 'Breached', PAUSED: 'Paused', CLOSED: 'Closed', NO_SLA: 'No SLA' }[s.state]);
  const excluded = s.excludedMins > 0 ? t('sla.excluded', { time: duration(s.excludedMins * 60000) }, '{time} on hold or waiting on the applicant not counted') : null;
  let detail = '';
  if (s.state === 'PAUSED') {
    const since = s.pausedSince ? time(s.pausedSince) : '';
    detail = s.pauseReason === 'ON_HOLD' ? t('sla.pausedOnHold', { time: since }, 'since {time} · on hold') : t('sla.pausedWaiting', { time: since }, 'since {time} · waiting on the applicant');
  } else if (s.state === 'CLOSED') {
    const at = s.closedAt ? time(s.closedAt) : '';
    detail = s.tookMins != null ? t('sla.closedTook', { time: at, took: duration(s.tookMins * 60000) }, '{time} · the bank took {took}') : at;
  } else if (s.dueAt && s.msLeft != null) {
    const left = duration(s.msLeft);
    detail = s.msLeft < 0 ? t('sla.overdue', { due: time(s.dueAt), time: left }, 'due {due} · overdue by {time}') : t('sla.left', { due: time(s.dueAt), time: left }, 'due {due} · {time} left');
  }
  return { tone, label, detail, excluded };
}
