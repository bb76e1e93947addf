-- Documents as the case file (issue 14): versions, metadata, soft delete with a reason, and the SHA-256 of the
-- stored bytes checked on every download. `path` now holds the storage key (relative to DATA_DIR on disk, the
-- object key in S3), so several API processes sharing one object store agree on it.

ALTER TABLE documents DROP CONSTRAINT IF EXISTS documents_kind_check;
ALTER TABLE documents ADD CONSTRAINT documents_kind_check CHECK (kind IN ('DOCUMENT', 'SIGNATURE', 'NIC', 'GENERATED'));

ALTER TABLE documents
  ADD COLUMN sha256         text CHECK (sha256 IS NULL OR sha256 ~ '^[0-9a-f]{64}$'),
  -- The logical document every version belongs to (the first version's file_id) and this row's place in it.
  ADD COLUMN doc_id         text,
  ADD COLUMN version        int NOT NULL DEFAULT 1 CHECK (version >= 1),
  ADD COLUMN superseded_by  text,
  ADD COLUMN doc_type       text,
  ADD COLUMN issue_date     date,
  ADD COLUMN expiry_date    date,
  ADD COLUMN verified_by    text,
  ADD COLUMN verified_at    timestamptz,
  ADD COLUMN source         text NOT NULL DEFAULT 'PORTAL' CHECK (source IN ('PORTAL', 'STAFF', 'COPY', 'MERGE', 'GENERATED', 'NIC')),
  ADD COLUMN deleted_at     timestamptz,
  ADD COLUMN deleted_by     text,
  ADD COLUMN delete_reason  text,
  ADD COLUMN storage        text NOT NULL DEFAULT 'disk' CHECK (storage IN ('disk', 's3'));

-- Rows written before: the key is files/<file_id> under DATA_DIR (the path column held the absolute path).
UPDATE documents SET doc_id = file_id, path = 'files/' || file_id WHERE doc_id IS NULL;
ALTER TABLE documents ALTER COLUMN doc_id SET NOT NULL;

CREATE UNIQUE INDEX documents_doc_version_idx ON documents (doc_id, version);
CREATE INDEX documents_live_idx ON documents (application_id, created_at) WHERE deleted_at IS NULL AND superseded_by IS NULL;
