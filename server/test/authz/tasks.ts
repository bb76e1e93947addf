import { get, post, type Build } from './builders';

/** Task and query routes (routes/tasks). */
export const TASK_REQUESTS: Record<string, Build> = {
  // Task and query routes (routes/tasks): a query to the branch's officer, an existing-looking query id, a snooze.
  'POST /v3/taskconfigs/createSubTask': post('/v3/taskconfigs/createSubTask', (a) => ({ application_id: a.id, verNum: a.verNum, subject: 'Matrix query', assignedTeam: 'CPA-NORTH' })),
  'POST /v3/taskconfigs/updateSubTask': post('/v3/taskconfigs/updateSubTask', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1', subject: 'Matrix' })),
  'POST /v3/taskconfigs/addCommentToTask': post('/v3/taskconfigs/addCommentToTask', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1', comment: 'Matrix' })),
  'POST /v3/taskconfigs/closeSubTask': post('/v3/taskconfigs/closeSubTask', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1' })),
  'POST /v3/taskconfigs/reopenSubTask': post('/v3/taskconfigs/reopenSubTask', (a) => ({ application_id: a.id, verNum: a.verNum, subTaskId: '1' })),
  'GET /v3/taskconfigs/subTaskList/:application_id/:taskId/:type/:status': get((a) => `/v3/taskconfigs/subTaskList/${a.id}/ALL/QUERY/ALL`),
  'POST /v3/taskconfigs/updateSnoozeTime': post('/v3/taskconfigs/updateSnoozeTime', (a) => ({ application_id: a.id, verNum: a.verNum, snoozeTime: new Date(Date.now() + 86400000).toISOString(), reason: 'Matrix' })),
  'POST /v3/taskconfigs/removeSnoozeTime': post('/v3/taskconfigs/removeSnoozeTime', (a) => ({ application_id: a.id, verNum: a.verNum })),
};
