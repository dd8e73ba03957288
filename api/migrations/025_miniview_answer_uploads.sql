-- Recordings a person answering a miniview uploads (POST /miniviews/upload-file, decision 085):
-- they have no account, so such an upload belongs to the miniview it answers instead of a user,
-- and goes with it. Audio is a kind of its own (the recorder records audio or video).

ALTER TABLE uploads ALTER COLUMN user_id DROP NOT NULL;
ALTER TABLE uploads ADD COLUMN miniview_id integer REFERENCES miniviews (id) ON DELETE CASCADE;
ALTER TABLE uploads ADD CONSTRAINT uploads_owner_check
  CHECK (user_id IS NOT NULL OR miniview_id IS NOT NULL);
ALTER TABLE uploads DROP CONSTRAINT uploads_kind_check;
ALTER TABLE uploads ADD CONSTRAINT uploads_kind_check CHECK (kind IN ('image', 'video', 'audio'));
CREATE INDEX uploads_miniview_id_idx ON uploads (miniview_id) WHERE miniview_id IS NOT NULL;
