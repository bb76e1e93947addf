import { act, render, screen } from '@testing-library/react';
import { i18nStore, setDisplayTimeZone, type Dictionary } from '@lendline/shared';
import WorklogsTab from '../src/features/worklogs/worklogs-tab';

jest.mock('../src/api/tasks-api', () => ({ fetchWorklogs: jest.fn() }));
const api = jest.requireMock<Record<string, jest.Mock>>('../src/api/tasks-api');

// The "labels" block of the language files (shared/test/labels checks that every code has its en and hi entries).
const LABELS: Record<string, Dictionary> = {
  en: { labels: { worklogEvent: { updateSnoozeTime: 'Snoozed', DOCUMENT_UPLOADED: 'Document uploaded' } } },
  hi: { labels: { worklogEvent: { updateSnoozeTime: 'स्नूज़ किया गया', DOCUMENT_UPLOADED: 'दस्तावेज़ अपलोड किया गया' } } },
};
const props = { applicationId: 'APP-1', taskId: 'TSK-1', application: { verNum: 4, currentTask: { taskId: 'TSK-1' } }, onChanged: jest.fn() };

beforeAll(() => setDisplayTimeZone('Asia/Kolkata'));
afterAll(() => setDisplayTimeZone(null));
beforeEach(() => {
  i18nStore.setState({ lang: 'en', dictionaries: LABELS });
  api.fetchWorklogs.mockResolvedValue({
    data: [
      { id: '3', at: '2026-11-26T16:51:22.000Z', userId: 'cpa1', userName: 'Chitra Pillai', action: 'updateSnoozeTime', comment: 'Snoozed until 2026-11-27T06:29:00.000Z: salary slip awaited', taskId: null },
      { id: '2', at: '2026-11-26T04:53:45.000Z', userId: 'cpa1', userName: 'Chitra Pillai', action: 'DOCUMENT_UPLOADED', comment: '', taskId: null },
    ],
    pageInfo: { nextCursor: null, hasMore: false },
  });
});

describe('worklogs say what happened in words, at times that cannot be misread', () => {
  test('English: events by their labels, never their codes; times with AM/PM; instants in the text formatted', async () => {
    render(<WorklogsTab {...props} />);
    const [snooze, upload] = await screen.findAllByTestId('worklog');
    expect(snooze.textContent).toBe('26/11/2026 10:21:22 PM · Chitra Pillai · Snoozed until 27/11/2026 11:59:00 AM: salary slip awaited (Snoozed)');
    expect(upload.textContent).toBe('26/11/2026 10:23:45 AM · Chitra Pillai · Document uploaded');
    expect(document.body.textContent).not.toMatch(/updateSnoozeTime|DOCUMENT_UPLOADED|T06:29/);
  });

  test('Hindi: the same events by their Hindi labels', async () => {
    render(<WorklogsTab {...props} />);
    await screen.findAllByTestId('worklog');
    act(() => i18nStore.setState({ lang: 'hi' }));
    const [snooze, upload] = screen.getAllByTestId('worklog');
    expect(snooze.textContent).toContain('(स्नूज़ किया गया)');
    expect(upload.textContent).toContain('दस्तावेज़ अपलोड किया गया');
  });
});
