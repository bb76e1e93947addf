import { act, render, screen, waitFor } from '@testing-library/react';
import { api } from '@lendline/shared';
import { DecisionStatus } from '../src/ui/decision-status/decision-status';
import type { DecisionStatus as Status } from '../src/ui/decision-status/decision-api';

const offer = { proposalNo: 'APP-00000001-K1-ABC123', amount: 300000, tenureMonths: 36, ratePercent: 11.25, emi: 9858, apr: 12.1, validUntil: '2026-12-01', kfsState: 'ISSUED' };
const reply = (s: Partial<Status>) => ({ data: { stage: 'CHECKING_CREDIT', passed: [], referralHours: null, offer: null, ...s } });

afterEach(() => jest.restoreAllMocks());

describe('decision status on the portal', () => {
  test('follows the checks by polling, then shows the offer with the link to its KFS, and says it ended', async () => {
    jest.useFakeTimers();
    const get = jest.spyOn(api, 'get')
      .mockResolvedValueOnce(reply({ stage: 'CHECKING_BANK_STATEMENT', passed: ['CHECKING_CREDIT'] }))
      .mockResolvedValueOnce(reply({ stage: 'OFFER', passed: ['CHECKING_CREDIT', 'CHECKING_BANK_STATEMENT', 'DECIDING'], offer }));
    const ended = jest.fn();
    render(<DecisionStatus applicationId="APP-00000001" onEnd={ended} />);
    await waitFor(() => expect(screen.getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Checking your credit: done', 'Checking your bank statement: in progress', 'Decision: waiting']));
    expect(screen.getByRole('status').textContent).toBe('We are checking your application now. This page updates by itself.');
    await act(async () => {
      jest.advanceTimersByTime(2000);
    });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('Your loan is approved.'));
    expect(get).toHaveBeenCalledTimes(2);
    expect(get.mock.calls[0][0]).toBe('/v3/portal/decision-status?application_id=APP-00000001');
    expect(screen.getByRole('link', { name: 'Read and accept your Key Fact Statement' }).getAttribute('href')).toBe('/dynamic-resume/kfs?application_id=APP-00000001');
    expect(screen.getByText('(valid until 01/12/2026)')).toBeTruthy();
    expect(ended).toHaveBeenCalledTimes(1);
    jest.useRealTimers();
  });

  test('a referral: an officer will review it within the expected time; nothing before submission', async () => {
    jest.spyOn(api, 'get').mockResolvedValueOnce(reply({ stage: 'REVIEW', passed: ['CHECKING_CREDIT', 'CHECKING_BANK_STATEMENT', 'DECIDING'], referralHours: 4 }));
    const { unmount } = render(<DecisionStatus applicationId="APP-00000002" />);
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('An officer will review your application. You can expect an answer within 4 h.'));
    unmount();
    jest.spyOn(api, 'get').mockResolvedValueOnce(reply({ stage: 'NOT_SUBMITTED' }));
    const { container } = render(<DecisionStatus applicationId="APP-00000003" />);
    await waitFor(() => expect(api.get).toHaveBeenCalled());
    expect(container.textContent).toBe('');
  });
});
