import { operatorsFor, parseFilterValue } from '../src/features/filters/api/operators';
import { earlierBreaches } from '../src/features/detail/api/earlier-breaches';
import { availableActions } from '../src/features/detail/api/action-rules';
import { assignRights, rowsFor } from '../src/features/assignment/api/assignment';
import { defaultListFor } from '../src/features/lists/api/default-list';
import { CPA_ROLES, task, view, VIEWER_ROLES } from './support/views';

describe('§5 filter operators by field type', () => {
  test.each([
    ['amount', ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN', 'GREATER_THAN_OR_EQUAL', 'LESS_THAN_OR_EQUAL']],
    ['text', ['EQUAL', 'NOT_EQUAL', 'CONTAINS', 'ENDS_WITH']],
    ['date', ['EQUAL', 'NOT_EQUAL', 'GREATER_THAN', 'LESS_THAN']],
    ['dropdown', ['EQUAL', 'NOT_EQUAL']],
  ] as const)('%s', (type, ops) => expect(operatorsFor(type)).toEqual(ops));

  test('values are typed: amounts become numbers, dates must be dates', () => {
    expect(parseFilterValue('amount', '5,00,000')).toEqual({ value: 500000 });
    expect(parseFilterValue('amount', 'lots')).toEqual({ error: 'Enter a number' });
    expect(parseFilterValue('date', '2026-01-31')).toEqual({ value: '2026-01-31' });
    expect(parseFilterValue('text', '  ')).toEqual({ error: 'Enter a value' });
  });
});

describe('SLA: earlier clocks that breached (§4)', () => {
  const start = Date.parse('2026-01-01T00:00:00.000Z');
  test('an earlier clock that breached is named apart from the running one', () => {
    const t = task({ progress: 'In Progress', dueAt: new Date(start + 960 * 60000).toISOString(), slaBreached: true });
    t.operationalLevelAgreement.queued.status = 'BREACHED';
    expect(earlierBreaches(t)).toEqual(['queued']);
    t.operationalLevelAgreement.assigned.status = 'BREACHED';
    expect(earlierBreaches(t)).toEqual(['queued']); // the running (assigned) clock is the header's, not an earlier one
    expect(earlierBreaches(null)).toEqual([]);
  });
});

describe('actions (§4, §6)', () => {
  test('the assignee may complete, revert only past the first stage, reject and cancel', () => {
    const names = availableActions(view(), CPA_ROLES).map((a) => a.action);
    expect(names).toEqual(expect.arrayContaining(['complete_step/user', 'reject', 'cancel', 'release']));
    expect(names).not.toContain('revert_stage');
    expect(availableActions(view({ appLifeCycle: { stage: 1, steps: [] } }), CPA_ROLES).map((a) => a.action)).toContain('revert_stage');
  });
  test('reject needs a reason', () => {
    expect(availableActions(view(), CPA_ROLES).find((a) => a.action === 'reject')?.reason).toBe('required');
  });
  test('application access only: no actions at all', () => {
    expect(availableActions(view(), VIEWER_ROLES)).toEqual([]);
  });
  test('a rejected application offers withdrawing the rejection, with a reason', () => {
    const defs = availableActions(view({ application_status: 'REJECTED', assignedToCurrentUser: false }), CPA_ROLES);
    expect(defs.map((a) => [a.action, a.reason])).toEqual([['cancelReject', 'required']]);
  });
  test('one on hold offers reactivating and cancelling, each with a reason; holds, cancels and rejects need one too', () => {
    const held = availableActions(view({ application_status: 'INACTIVE', assignedToCurrentUser: false }), CPA_ROLES);
    expect(held.map((a) => [a.action, a.reason])).toEqual([['activate', 'required'], ['cancel', 'required']]);
    const active = availableActions(view(), CPA_ROLES);
    for (const name of ['inactivate', 'cancel', 'reject']) expect(active.find((a) => a.action === name)?.reason).toBe('required');
    expect(active.find((a) => a.action === 'reject')?.input).toBe('decline');
    expect(availableActions(view({ application_status: 'REJECTED', assignedToCurrentUser: false }), VIEWER_ROLES)).toEqual([]);
  });
  test('Drop, Reappraise and Rebook only where the task lists them', () => {
    const names = (v: Parameters<typeof availableActions>[0]) => availableActions(v, CPA_ROLES).map((a) => a.action);
    expect(names(view())).not.toEqual(expect.arrayContaining(['drop']));
    const listed = task({ actions: [{ type: 'Drop', value: 'drop' }, { type: 'Reappraise', value: '1' }, { type: 'Rebook', value: 'rebook' }] });
    expect(names(view({ currentTask: listed }))).toEqual(expect.arrayContaining(['drop', 'reappraise']));
    expect(availableActions(view({ currentTask: listed }), CPA_ROLES).find((a) => a.action === 'drop')?.reason).toBe('required');
    expect(names(view({ application_status: 'CANCELLED', assignedToCurrentUser: false, currentTask: { ...listed, progress: 'Cancelled' } }))).toEqual(['rebook']);
    expect(names(view({ application_status: 'CANCELLED', assignedToCurrentUser: false }))).toEqual([]);
  });
});

describe('assignment rights per list (§6)', () => {
  const team = { assign: 'TEAM_APPLICATIONS_ASSIGN', reassign: 'TEAM_APPLICATIONS_REASSIGN', assignSelf: 'TEAM_APPLICATIONS_ASSIGN_SELF' };
  test('a CPA may only take work; a BCM may assign and reassign; lists without permissions offer nothing', () => {
    expect(assignRights(team, CPA_ROLES)).toEqual({ assign: false, reassign: false, self: true });
    expect(assignRights(team, ['TEAM_APPLICATIONS_ASSIGN', 'TEAM_APPLICATIONS_REASSIGN'])).toEqual({ assign: true, reassign: true, self: true });
    expect(assignRights(null, CPA_ROLES)).toEqual({ assign: false, reassign: false, self: false });
  });
  test('assign takes unassigned rows, reassign assigned ones', () => {
    const rows = [{ application_id: 'A', assignedTo: null }, { application_id: 'B', assignedTo: 'cpa1' }];
    expect(rowsFor('assign', rows).map((r) => r.application_id)).toEqual(['A']);
    expect(rowsFor('reassign', rows).map((r) => r.application_id)).toEqual(['B']);
  });
  test('the default list follows the user’s work unless they chose one', () => {
    expect(defaultListFor(CPA_ROLES)).toBe('MY_APPLICATIONS');
    expect(defaultListFor(['TEAM_APPLICATIONS_ASSIGN'])).toBe('TEAM_APPLICATIONS');
    expect(defaultListFor(['ALL_APPLICATIONS_ASSIGN'])).toBe('ALL_APPLICATIONS');
    expect(defaultListFor(CPA_ROLES, 'REJECTED')).toBe('REJECTED');
  });
});
