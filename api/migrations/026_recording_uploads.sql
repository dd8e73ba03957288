-- Resumable recording uploads in progress (tus, decision 086): one row per upload created at
-- POST /recordings/uploads, until it completes (the recording is then an `uploads` row) or is
-- abandoned (removed 24 hours after it started). The bytes received so far are a file in the
-- API's upload folder named by `id`; the row says who may continue it and where it goes.

CREATE TABLE recording_uploads (
  -- the tus upload id (random, in the upload's URL)
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('audio', 'video')),
  file_name text NOT NULL,
  -- an answer to this miniview; null: the signed-in user's own recording
  miniview_id integer REFERENCES miniviews (id) ON DELETE CASCADE,
  -- who may continue it: the signed-in user who started it, or a visitor's browser (the SHA-256
  -- of its upload cookie)
  user_id integer REFERENCES users (id) ON DELETE CASCADE,
  visitor_hash text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (user_id IS NOT NULL OR visitor_hash IS NOT NULL),
  CHECK (miniview_id IS NOT NULL OR user_id IS NOT NULL)
);
CREATE INDEX recording_uploads_created_at_idx ON recording_uploads (created_at);
