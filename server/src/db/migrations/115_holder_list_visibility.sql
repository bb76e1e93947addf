-- "My queries" / "my approvals" at 1M (issue 31): since the one visibility rule (domain/access/visibility.ts) and
-- drafts (085) joined these lists' WHERE, a page's ids filter on branch, assigned_team, assigned_to and draft as
-- well as the holders. 016's indexes hold only the holders, so PostgreSQL left the ordered index walk for a bitmap of
-- every row the caller holds (cpa1: 1,805 heap pages, 22 ms a page). With the visibility columns and draft inside the
-- index too, the page is an index-only walk down id again, filtered in the index, stopping at the page size.
DROP INDEX IF EXISTS applications_open_queries_idx;
DROP INDEX IF EXISTS applications_open_approvals_idx;
CREATE INDEX applications_open_queries_idx ON applications (status, id DESC)
  INCLUDE (query_holders, branch, assigned_team, assigned_to, draft, step_name, task_name, flow_ver_num) WHERE query_holders <> '{}';
CREATE INDEX applications_open_approvals_idx ON applications (status, id DESC)
  INCLUDE (approval_holders, branch, assigned_team, assigned_to, draft, step_name, task_name, flow_ver_num) WHERE approval_holders <> '{}';
