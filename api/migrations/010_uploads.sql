-- Uploaded images and videos (POST /uploads), served by GET /media/{uuid}.
-- The bytes live in the row (bytea): one place for PGlite and PostgreSQL, copied by snapshots and
-- backups with everything else, shared by every API process, nothing to clean up on disk.

CREATE TABLE uploads (
  uuid uuid PRIMARY KEY,
  user_id integer NOT NULL REFERENCES users (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('image', 'video')),
  mime_type text NOT NULL,
  file_name text NOT NULL,
  size integer NOT NULL CHECK (size > 0),
  -- what the upload is for, as the client said (guest, new-guest, show, user...)
  entity text,
  content bytea NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX uploads_user_id_idx ON uploads (user_id, created_at DESC);
