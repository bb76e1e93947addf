-- "My queries" / "my approvals": only a few percent of applications have open queries or approvals.
-- Walking (status, id DESC) over just those rows finds a page after a few hundred rows instead of
-- filtering the whole book (the list condition repeats the predicate so the planner can use these).
CREATE INDEX applications_open_queries_idx ON applications (status, id DESC) WHERE query_holders <> '{}';
CREATE INDEX applications_open_approvals_idx ON applications (status, id DESC) WHERE approval_holders <> '{}';
-- Sorting by applicant (the table configs mark it sortable): keyset on (applicant_name, id).
CREATE INDEX applications_applicant_sort_idx ON applications (status, applicant_name, id);
