import { act, fireEvent, render, screen, within } from '@testing-library/react';
import NotesTab from '../src/features/notes/notes-tab';
import WorklogsTab from '../src/features/worklogs/worklogs-tab';
import SnoozeTab from '../src/features/snooze/snooze-tab';
import { byStep } from '../src/features/related/related-tasks-tab';
import type { Note, SubTask, TaskConfig } from '../src/api/tasks-api';

jest.mock('../src/api/tasks-api', () => ({
  fetchNotes: jest.fn(), addNote: jest.fn(), updateNote: jest.fn(), deleteNote: jest.fn(), fetchWorklogs: jest.fn(), snooze: jest.fn(), removeSnooze: jest.fn(),
}));
const api = jest.requireMock<Record<string, jest.Mock>>('../src/api/tasks-api');
beforeEach(() => Object.values(api).forEach((m) => m.mockReset()));

const props = (over: Record<string, unknown> = {}) => ({ applicationId: 'APP-1', taskId: 'TSK-1', application: { verNum: 4, currentTask: { taskId: 'TSK-1' } }, onChanged: jest.fn(), ...over });
const note = (over: Partial<Note>): Note => ({ noteId: '1', application_id: 'APP-1', userId: 'cpa1', userName: 'Chitra Pillai', text: 'Mine', at: '2026-11-20T10:00:00.000Z', editedAt: null, verNum: 1, mine: true, ...over });

describe('notes tab', () => {
  test('lists notes with author and time; only one\'s own have Edit and Delete; add, edit and delete call the server and reload', async () => {
    api.fetchNotes.mockResolvedValue({ data: [note({ noteId: '2', userId: 'bcm1', userName: 'Bela Menon', text: 'Theirs', mine: false }), note({})], pageInfo: { nextCursor: null, hasMore: false } });
    api.addNote.mockResolvedValue({});
    api.updateNote.mockResolvedValue({});
    api.deleteNote.mockResolvedValue({});
    render(<NotesTab {...props()} />);
    const [theirs, mine] = await screen.findAllByTestId('note');
    expect(theirs.textContent).toContain('Bela Menon');
    expect(theirs.textContent).toContain('20/11/2026');
    expect(within(theirs).queryByRole('button')).toBeNull();
    expect(within(mine).getAllByRole('button').map((b) => b.textContent)).toEqual(['Edit', 'Delete']);

    fireEvent.change(screen.getByTestId('note-text'), { target: { value: '  Called the employer ' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Add note' })));
    expect(api.addNote).toHaveBeenCalledWith('APP-1', 'Called the employer');

    fireEvent.click(within(mine).getByRole('button', { name: 'Edit' }));
    fireEvent.change(screen.getByTestId('note-edit-text'), { target: { value: 'Mine, corrected' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Save' })));
    expect(api.updateNote).toHaveBeenCalledWith('APP-1', expect.objectContaining({ noteId: '1', verNum: 1 }), 'Mine, corrected');

    const again = (await screen.findAllByTestId('note'))[1];
    await act(async () => fireEvent.click(within(again).getByRole('button', { name: 'Delete' })));
    expect(api.deleteNote).toHaveBeenCalledWith('APP-1', '1');
    expect(api.fetchNotes.mock.calls.length).toBeGreaterThanOrEqual(4);
  });
});

describe('worklogs tab', () => {
  test('shows who, when and what, newest first as sent; Next asks for the following page with the cursor', async () => {
    api.fetchWorklogs.mockImplementation(async (_id: string, _n: number, c: string | null) => ({
      data: c ? [{ id: '1', at: '2026-11-20T09:00:00.000Z', userId: 'cpa1', userName: 'Chitra Pillai', action: 'createSubTask', comment: 'Query raised to bcm1: Bank statement', taskId: null }]
        : [{ id: '2', at: '2026-11-20T10:00:00.000Z', userId: 'bcm1', userName: 'Bela Menon', action: 'addNote', comment: 'Note added: Hello', taskId: null }],
      pageInfo: c ? { nextCursor: null, hasMore: false } : { nextCursor: 'w1', hasMore: true },
    }));
    render(<WorklogsTab {...props()} />);
    expect((await screen.findByTestId('worklog')).textContent).toContain('Bela Menon · Note added: Hello');
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect((await screen.findByText(/Query raised to bcm1/)).closest('li')!.textContent).toContain('Chitra Pillai');
    expect(api.fetchWorklogs).toHaveBeenLastCalledWith('APP-1', 10, 'w1');
  });
});

describe('snooze tab', () => {
  test('not snoozed: a review date and a reason snooze the task with the application\'s verNum; then the page reloads', async () => {
    api.snooze.mockResolvedValue({});
    const p = props();
    render(<SnoozeTab {...p} />);
    expect(screen.getByTestId('snooze-state').textContent).toContain('not snoozed');
    fireEvent.change(screen.getByRole('textbox'), { target: { value: 'Customer abroad' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Snooze' })));
    expect(api.snooze).toHaveBeenCalledWith(expect.objectContaining({ application_id: 'APP-1', verNum: 4, taskId: 'TSK-1', reason: 'Customer abroad', snoozeTime: expect.stringMatching(/Z$/) }));
    expect(p.onChanged).toHaveBeenCalled();
  });

  test('snoozed: shows until when and removes it', async () => {
    api.removeSnooze.mockResolvedValue({});
    const until = new Date(Date.now() + 86400000).toISOString();
    const p = props({ application: { verNum: 6, currentTask: { taskId: 'TSK-1', activeOn: until } } });
    render(<SnoozeTab {...p} />);
    expect(screen.getByTestId('snooze-state').textContent).toContain('snoozed until');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Remove snooze' })));
    expect(api.removeSnooze).toHaveBeenCalledWith({ application_id: 'APP-1', verNum: 6, taskId: 'TSK-1' });
    expect(p.onChanged).toHaveBeenCalled();
  });
});

describe('related tasks', () => {
  const task = (id: string, step: number, name: string, createdAt: string): TaskConfig => ({
    taskId: id, name, progress: 'Completed', assignedTo: 'cpa1', assignedTeam: ['CPA-NORTH'], stepInfo: { stepType: 'USER', stepName: `Step ${name}`, stepNumber: step }, dueAt: null, slaBreached: false, createdAt,
  });
  const q = (id: string, taskId: string | null): SubTask => ({ subTaskId: id, taskId, type: 'QUERY', status: 'OPEN', subject: id, assignedTo: 'bcm1', assignedTeam: null, raisedBy: 'cpa1', createdAt: '', closedAt: null });
  test('groups tasks by step in step order (a reverted step twice, oldest first), each with its sub-tasks; others apart', () => {
    const r = byStep([task('T1b', 1, 'b', '2026-11-03'), task('T0', 0, 'a', '2026-11-01'), task('T1a', 1, 'b', '2026-11-02')], [q('q1', 'T1a'), q('q2', null), q('q3', 'T0')]);
    expect(r.steps.map((s) => [s.stepNumber, s.tasks.map((x) => [x.task.taskId, x.subTasks.map((y) => y.subTaskId)])])).toEqual([
      [0, [['T0', ['q3']]]],
      [1, [['T1a', ['q1']], ['T1b', []]]],
    ]);
    expect(r.loose.map((x) => x.subTaskId)).toEqual(['q2']);
  });
});
