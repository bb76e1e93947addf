-- "My queries" / "my approvals": only a few percent of applications have open queries or approvals.
-- Walking (status, id DESC) over just those rows finds a page after a few hundred rows instead of
-- filtering the whole book (the list condition repeats the predicate so the planner can use these).
CREATE INDEX applications_open_queries_idx ON applications (status, id DESC) WHERE query_holders <> '{}';
CREATE INDEX applications_open_approvals_idx ON applications (status, id DESC) WHERE approval_holders <> '{}';

-- Sortable columns (domain/lists/sort.ts): keyset (sort key, id) along an index in both directions.
-- created_at has (status, created_at DESC, id DESC) since 010; NOT NULL columns need one index,
-- nullable ones sort by coalesce(column, ±infinity) (NULLs last either way), one index per direction.
CREATE INDEX applications_sort_application_id_idx ON applications (status, application_id, id);
CREATE INDEX applications_sort_applicant_idx ON applications (status, applicant_name, id);
CREATE INDEX applications_sort_amount_asc_idx ON applications (status, (coalesce(loan_amount, 'Infinity'::numeric)), id);
CREATE INDEX applications_sort_amount_desc_idx ON applications (status, (coalesce(loan_amount, '-Infinity'::numeric)), id);
CREATE INDEX applications_sort_sla_asc_idx ON applications (status, (coalesce(sla_due_at, 'infinity'::timestamptz)), id);
CREATE INDEX applications_sort_sla_desc_idx ON applications (status, (coalesce(sla_due_at, '-infinity'::timestamptz)), id);
