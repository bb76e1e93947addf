-- Every party is an applicant (issue 28): an appRefId handed out for a co-applicant's or guarantor's verified link
-- opens only that party's part of the application (domain/portal/parties.ts). NULL: the whole application (the
-- primary's device: create, their own link, continue later, external entry), as before.
ALTER TABLE application_refs ADD COLUMN applicant_id text;
