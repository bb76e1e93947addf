-- Report lists (issue 18): the applications closed in a period, in (closed_at, id) keyset order, without a scan.
CREATE INDEX applications_closed_idx ON applications (closed_at, id) WHERE closed_at IS NOT NULL;
