-- Lists can be sorted by SLA due time (what a credit officer works by): keep that keyset order
-- indexed like the default one, so a sorted page over 1M applications stays a short index scan.
CREATE INDEX applications_sla_due_idx ON applications (status, sla_due_at, id);
