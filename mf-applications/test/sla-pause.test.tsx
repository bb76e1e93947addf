import { render, screen } from '@testing-library/react';
import { slaStateOf, type SlaFacts } from '@lendline/shared';
import { SlaBadge } from '../src/features/detail/components/sla-badge';

/** The header's SLA by status, from the server's state (shared slaStateOf) recomputed with the page's clock. */
const facts = (over: Partial<SlaFacts> = {}): SlaFacts => ({
  status: 'ACTIVE', openedAt: '2026-11-20T09:00:00.000Z', closedAt: null, dueAt: '2099-11-22T09:00:00.000Z', limitMins: 2880,
  heldSince: null, waitingSince: null, excludedMins: 0, ...over,
});
const sla = (over: Partial<SlaFacts> = {}) => slaStateOf(facts(over), Date.now());

describe('SLA header', () => {
  test('waiting on the applicant: paused, with since when, instead of a due time', () => {
    render(<SlaBadge sla={sla({ waitingSince: '2026-11-21T10:30:00.000Z' })} />);
    expect(screen.getByTestId('sla').getAttribute('data-risk')).toBe('paused');
    expect(screen.getByTestId('sla-paused').textContent).toBe('Paused');
    expect(screen.getByTestId('sla').textContent).toContain('since 21/11/2026');
    expect(screen.getByTestId('sla').textContent).toContain('waiting on the applicant');
    expect(screen.queryByText(/left/)).toBeNull();
  });

  test('after the pause the due time is back, with the time not counted', () => {
    render(<SlaBadge sla={sla({ excludedMins: 95 })} />);
    expect(screen.getByTestId('sla').getAttribute('data-risk')).toBe('on-track');
    expect(screen.queryByTestId('sla-paused')).toBeNull();
    expect(screen.getByTestId('sla-state').textContent).toBe('On track');
    expect(screen.getByTestId('sla-excluded').textContent).toContain('1 h 35 min on hold or waiting on the applicant not counted');
  });

  test('on hold: "Paused since", never breached though the due time has passed', () => {
    render(<SlaBadge sla={sla({ status: 'INACTIVE', heldSince: '2026-11-21T08:00:00.000Z', dueAt: '2026-11-21T09:00:00.000Z' })} />);
    expect(screen.getByTestId('sla').getAttribute('data-state')).toBe('PAUSED');
    expect(screen.getByTestId('sla').textContent).toMatch(/^Paused since 21\/11\/2026 \d\d:\d\d:\d\d [AP]M · on hold$/);
  });

  test('rejected: closed with the time the bank took, never on track', () => {
    render(<SlaBadge sla={sla({ status: 'REJECTED', closedAt: '2026-11-20T12:00:00.000Z' })} />);
    expect(screen.getByTestId('sla').getAttribute('data-risk')).toBe('closed');
    expect(screen.getByTestId('sla').textContent).toMatch(/^Closed 20\/11\/2026 \d\d:\d\d:\d\d [AP]M · the bank took 3 h$/);
    expect(screen.queryByText(/On track/)).toBeNull();
  });
});
