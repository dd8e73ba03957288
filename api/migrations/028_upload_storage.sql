-- Uploads keep their bytes in a storage (decision 090): a folder on local disk (MEDIA_DIR) by
-- default, an S3-compatible bucket when configured. A new upload's row names its file by
-- `storage_key`; rows written before (and the demo data the seed writes) keep their bytes in
-- `content` and are served from there. Exactly one of the two is set.

ALTER TABLE uploads ADD COLUMN storage_key text;
ALTER TABLE uploads ALTER COLUMN content DROP NOT NULL;
ALTER TABLE uploads ADD CONSTRAINT uploads_bytes_check
  CHECK ((content IS NULL) <> (storage_key IS NULL));
CREATE UNIQUE INDEX uploads_storage_key_idx ON uploads (storage_key)
  WHERE storage_key IS NOT NULL;

-- The files of deleted uploads, removed from the storage after the delete commits (the API does
-- it after its own deletes and at start). A row trigger queues them, so a cascade (a miniview's
-- answers, a deleted account's uploads) or a delete made in psql queues its files too, and a
-- delete that rolls back queues nothing: a file goes only once no row points to it.
CREATE TABLE media_deletions (
  storage_key text PRIMARY KEY,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE FUNCTION queue_media_deletion() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO media_deletions (storage_key) VALUES (OLD.storage_key) ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;

CREATE TRIGGER uploads_queue_media_deletion AFTER DELETE ON uploads
  FOR EACH ROW WHEN (OLD.storage_key IS NOT NULL) EXECUTE FUNCTION queue_media_deletion();
