import { formatDate, formatDateTime, formatInstantsIn, formatTime, setDisplayTimeZone } from '../../src/format/datetime';
import { formatDuration, formatRelative, formatTurnaround } from '../../src/format/duration';
import { formatInr } from '../../src/format/currency';

const IST = { timeZone: 'Asia/Kolkata' };

describe('dates and times (§9: DD/MM/YYYY, hh:mm:ss with AM/PM)', () => {
  afterEach(() => setDisplayTimeZone(null));

  test('an evening and a morning can no longer be mistaken for each other', () => {
    expect(formatDateTime('2026-11-26T16:51:22Z', IST)).toBe('26/11/2026 10:21:22 PM');
    expect(formatDateTime('2026-11-26T04:53:45Z', IST)).toBe('26/11/2026 10:23:45 AM');
    expect(formatTime('2026-11-26T06:30:00Z', IST)).toBe('12:00:00 PM');
    expect(formatTime('2026-11-25T18:30:05Z', IST)).toBe('12:00:05 AM');
  });

  test('in the reader\'s zone: the profile\'s when set, else the browser\'s', () => {
    setDisplayTimeZone('Asia/Kolkata');
    expect(formatDateTime('2026-11-27T06:29:00.000Z')).toBe('27/11/2026 11:59:00 AM');
    setDisplayTimeZone('Europe/London');
    expect(formatDateTime('2026-11-27T06:29:00.000Z')).toBe('27/11/2026 06:29:00 AM');
    setDisplayTimeZone('Not/AZone');
    expect(formatDate('2026-11-27T06:29:00.000Z', { timeZone: 'UTC' })).toBe('27/11/2026');
  });

  test('calendar dates stay on their day; nothing shows empty; the rest as given', () => {
    expect(formatDate('2026-01-31')).toBe('31/01/2026');
    expect(formatDate('31/01/2026')).toBe('31/01/2026');
    expect(formatDate('2026-11-25T20:00:00Z', IST)).toBe('26/11/2026');
    expect(formatDate(null)).toBe('');
    expect(formatDateTime('')).toBe('');
    expect(formatDateTime('soon')).toBe('soon');
  });

  test('instants inside a server-made text', () => {
    expect(formatInstantsIn('Snoozed until 2026-11-27T06:29:00.000Z: waiting for salary slip', IST)).toBe('Snoozed until 27/11/2026 11:59:00 AM: waiting for salary slip');
    expect(formatInstantsIn('Query 37 closed', IST)).toBe('Query 37 closed');
  });
});

describe('durations in one style', () => {
  const min = 60000;
  test('"3 d 4 h", "2 h 5 min", "15 min"', () => {
    expect(formatDuration((3 * 1440 + 4 * 60) * min)).toBe('3 d 4 h');
    expect(formatDuration(3 * 1440 * min)).toBe('3 d');
    expect(formatDuration(125 * min)).toBe('2 h 5 min');
    expect(formatDuration(-15 * min)).toBe('15 min');
    expect(formatDuration(20 * 1000)).toBe('0 min');
    expect(formatDuration(125 * min, 'hi')).toBe('2 घं 5 मि');
  });

  test('relative to now: "in 2 h", "overdue by 15 min"', () => {
    expect(formatRelative(120 * min)).toBe('in 2 h');
    expect(formatRelative(-15 * min)).toBe('overdue by 15 min');
    expect(formatRelative(-15 * min, 'hi')).toBe('15 मि की देरी');
  });

  test('turnaround in days and hours, never "21,000" minutes', () => {
    expect(formatTurnaround(21000)).toBe('14 d 14 h');
    expect(formatTurnaround(null)).toBe('');
  });
});

test('INR through Intl with lakh grouping', () => {
  expect(formatInr(1000000)).toBe('₹10,00,000');
  expect(formatInr(1234.5)).toBe('₹1,234.50');
  expect(formatInr(1240000, { exact: true })).toBe('₹12,40,000.00');
  expect(formatInr(-0.001)).toBe('₹0');
  expect(formatInr('x')).toBe('');
});
