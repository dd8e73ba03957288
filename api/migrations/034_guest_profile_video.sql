-- A guest profile's video (issue 16, decision 096): an upload of kind 'video' (POST /uploads with
-- entity guest or new-guest), shown on the guest's public page. The API checks the kind and the
-- uploader when it is set; deleting the upload (DELETE /guests/{id}/media/{uuid}, an account's
-- deletion) takes it off the profile.

ALTER TABLE guest_profiles
  ADD COLUMN video_uuid uuid REFERENCES uploads (uuid) ON DELETE SET NULL;
-- an upload's deletion finds the profile showing it
CREATE INDEX guest_profiles_video_uuid_idx ON guest_profiles (video_uuid)
  WHERE video_uuid IS NOT NULL;
