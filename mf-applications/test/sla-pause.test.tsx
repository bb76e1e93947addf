import { render, screen } from '@testing-library/react';
import { SlaBadge } from '../src/features/detail/components/sla-badge';
import type { DetailTask } from '../src/features/detail/api/application';

const clock = (over: object = {}) => ({ status: 'RUNNING', startTS: '2026-11-20T09:00:00.000Z', endTS: null, timeLimit: { enabled: true, valueInMins: 2880, expectedEndTS: '2026-11-22T09:00:00.000Z' }, ...over });
const task = (over: Partial<DetailTask> = {}): DetailTask =>
  ({
    taskId: 'TSK-1', name: 'Data Entry', application_id: 'APP-1', progress: 'In Progress', assignedTo: 'cpa1', assignedTeam: ['CPA-NORTH'], allowedUsers: [], blocking: true, type: 'USER',
    operationalLevelAgreement: { overall: clock(), queued: clock({ status: 'STOPPED' }), assigned: clock() },
    dueAt: '2099-11-22T09:00:00.000Z',
    ...over,
  }) as DetailTask;

describe('SLA header while waiting on the applicant', () => {
  test('a paused clock says so, with since when, instead of a due time', () => {
    render(<SlaBadge task={task({ dueAt: null, slaPause: { pausedAt: '2026-11-21T10:30:00.000Z', pausedMins: 12 } })} />);
    expect(screen.getByTestId('sla').getAttribute('data-risk')).toBe('paused');
    expect(screen.getByTestId('sla-paused').textContent).toBe('Paused');
    expect(screen.getByTestId('sla').textContent).toContain('waiting on the applicant since 21/11/2026');
    expect(screen.queryByText(/left/)).toBeNull();
  });

  test('after the pause the due time is back, with the time not counted', () => {
    render(<SlaBadge task={task({ slaPause: { pausedAt: null, pausedMins: 95 } })} />);
    expect(screen.getByTestId('sla').getAttribute('data-risk')).toBe('on-track');
    expect(screen.queryByTestId('sla-paused')).toBeNull();
    expect(screen.getByTestId('sla-paused-total').textContent).toContain('1h 35m waiting on the applicant not counted');
  });
});
