import { visibleTabs } from '../src/features/detail/api/tab-rules';
import { CPA_ROLES, task, view, VIEWER_ROLES } from './support/views';

// §2: the visibility rules of the application-detail tabs, one case each.
describe('application-detail tab visibility (§2)', () => {
  test('no sub-status: snooze, queries, approvals and close are hidden; the others show', () => {
    expect(visibleTabs(view(), CPA_ROLES)).toEqual(['worklogs', 'documents', 'notes', 'relatedTasks', 'save', 'actions']);
  });

  test('sub-status QUERIES shows snooze, queries, approvals and close', () => {
    const tabs = visibleTabs(view({ subStatus: 'QUERIES' }), CPA_ROLES);
    expect(tabs).toEqual(expect.arrayContaining(['snooze', 'queries', 'approvals', 'close']));
  });

  test('sub-status APPROVAL shows them too', () => {
    expect(visibleTabs(view({ subStatus: 'APPROVAL', openApprovals: 1 }), CPA_ROLES)).toEqual(expect.arrayContaining(['snooze', 'queries', 'approvals', 'close']));
  });

  test('the server names the sub-status: open counts alone are not read as one', () => {
    expect(visibleTabs(view({ subStatus: null, openApprovals: 1, openQueries: 2 }), CPA_ROLES)).not.toContain('queries');
  });

  test('another sub-status does not', () => {
    expect(visibleTabs(view({ subStatus: 'CALLBACK' as never }), CPA_ROLES)).not.toContain('queries');
  });

  test('unassigned application: save and actions are hidden', () => {
    const v = view({ currentTask: task({ assignedTo: null, progress: 'Pending' }), assignedToCurrentUser: false, canSave: false });
    const tabs = visibleTabs(v, CPA_ROLES);
    expect(tabs).not.toContain('save');
    expect(tabs).not.toContain('actions');
  });

  test('editing disabled: save is hidden, actions stay', () => {
    const tabs = visibleTabs(view({ editableBackstageForm: false, canSave: false }), CPA_ROLES);
    expect(tabs).not.toContain('save');
    expect(tabs).toContain('actions');
  });

  test('application access only: actions are hidden', () => {
    const tabs = visibleTabs(view({ canSave: false }), VIEWER_ROLES);
    expect(tabs).not.toContain('actions');
    expect(tabs).not.toContain('save');
  });

  test('snooze also needs the TASK_REVIEW_DATE permission code (§6)', () => {
    const roles = CPA_ROLES.filter((r) => r !== 'TASK_REVIEW_DATE');
    expect(visibleTabs(view({ subStatus: 'QUERIES' }), roles)).not.toContain('snooze');
  });
});
