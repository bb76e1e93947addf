-- Worklog entries in the reader's language (issue 30; docs/ARCHITECTURE.md "Configured names in every language"): an
-- entry written with a key keeps it and its parameters here ({key, params, names}: the texts are in the language
-- files, block worklogTexts); `comment` keeps the English rendering, as before, for every entry.
ALTER TABLE worklogs ADD COLUMN text jsonb;
