import { slaStateOf, type SlaFacts } from '../../src/sla/state';
import { slaWords } from '../../src/sla/words';

const opened = '2026-01-01T00:00:00.000Z';
const at = (mins: number) => Date.parse(opened) + mins * 60000;
const iso = (mins: number) => new Date(at(mins)).toISOString();
/** An ACTIVE application whose running clock has a 16 h limit, due 16 h after opening. */
const active = (over: Partial<SlaFacts> = {}): SlaFacts => ({
  status: 'ACTIVE', openedAt: opened, closedAt: null, dueAt: iso(960), limitMins: 960, heldSince: null, waitingSince: null, excludedMins: 0, ...over,
});

describe('slaStateOf', () => {
  test('ACTIVE: on track, at risk in the last 20 % of the limit, breached past the due time', () => {
    expect(slaStateOf(active(), at(0))).toMatchObject({ state: 'ON_TRACK', msLeft: 960 * 60000 });
    expect(slaStateOf(active(), at(767)).state).toBe('ON_TRACK'); // 193 min left: more than 20 % of 960
    expect(slaStateOf(active(), at(768)).state).toBe('AT_RISK'); // 192 min left: exactly 20 %
    expect(slaStateOf(active(), at(960)).state).toBe('AT_RISK');
    expect(slaStateOf(active(), at(961))).toMatchObject({ state: 'BREACHED', msLeft: -60000 });
  });

  test('ACTIVE without an enabled limit has no SLA', () => {
    expect(slaStateOf(active({ dueAt: null, limitMins: null }), at(5)).state).toBe('NO_SLA');
  });

  test('ACTIVE and waiting on the applicant: paused since the wait began, whatever the due time says', () => {
    expect(slaStateOf(active({ waitingSince: iso(100) }), at(2000))).toMatchObject({ state: 'PAUSED', pauseReason: 'WAITING_ON_APPLICANT', pausedSince: iso(100), msLeft: null });
  });

  test('INACTIVE (on hold): paused since it was put on hold, never breached', () => {
    expect(slaStateOf(active({ status: 'INACTIVE', heldSince: iso(200) }), at(5000))).toMatchObject({ state: 'PAUSED', pauseReason: 'ON_HOLD', pausedSince: iso(200) });
  });

  test.each(['REJECTED', 'CANCELLED', 'COMPLETED', 'DELETED'] as const)('%s: closed, with the time the bank took (time on hold and waiting excluded)', (status) => {
    const s = slaStateOf(active({ status, closedAt: iso(600), excludedMins: 90 }), at(10_000));
    expect(s).toMatchObject({ state: 'CLOSED', tookMins: 510, msLeft: null, pausedSince: null });
  });

  test('a closed application never reads as on track, even with a due time in the future', () => {
    expect(slaStateOf(active({ status: 'REJECTED', closedAt: iso(12) }), at(12)).state).toBe('CLOSED');
  });
});

describe('slaWords', () => {
  const t = (_key: string, params: Record<string, string | number> = {}, fallback = '') => fallback.replace(/\{(\w+)\}/g, (_, k: string) => String(params[k]));
  const time = (iso: string) => iso.slice(11, 16);
  test('each state in words, never a code', () => {
    expect(slaWords(slaStateOf(active(), at(0)), t, time)).toEqual({ tone: 'on-track', label: 'On track', detail: 'due 16:00 · 16 h left', excluded: null });
    expect(slaWords(slaStateOf(active(), at(1020)), t, time)).toMatchObject({ tone: 'breached', label: 'Breached', detail: 'due 16:00 · overdue by 1 h' });
    expect(slaWords(slaStateOf(active({ status: 'INACTIVE', heldSince: iso(90) }), at(500)), t, time)).toMatchObject({ tone: 'paused', label: 'Paused', detail: 'since 01:30 · on hold' });
    expect(slaWords(slaStateOf(active({ status: 'REJECTED', closedAt: iso(600), excludedMins: 90 }), at(700)), t, time)).toEqual({
      tone: 'closed', label: 'Closed', detail: '10:00 · the bank took 8 h 30 min', excluded: '1 h 30 min on hold or waiting on the applicant not counted',
    });
  });

  test('durations in Hindi units when the page is in Hindi', () => {
    expect(slaWords(slaStateOf(active(), at(0)), t, time, 'hi').detail).toBe('due 16:00 · 16 घं left');
  });
});
