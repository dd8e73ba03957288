import { useId, useState } from 'react';
import { errorMessages, serverMessage } from '@guestspot/shared-api';
import { deleteGuestMedia, updateGuest } from '@guestspot/shared-api/guests';
import { uploadVideo } from '@guestspot/shared-api/uploads';
import { Button, confirm, toast } from '@guestspot/shared-ui';
import { SettingsQuery, SettingsRow, SettingsSection } from '../../../components/settings';
import { useGuestProfile } from '../hooks/use-profile-editor';
import './profile-details-editors.css';

/** What the server takes (POST /uploads with entity guest: mp4, ogg, mov/qt). */
const VIDEO_TYPES = 'video/mp4,video/ogg,video/quicktime';

/**
 * /details/guest → Video: the guest's one video (decision 096). Choosing a file uploads it
 * (POST /uploads, entity guest) and attaches it with PUT /guests/{id} in one step ('Saving...'
 * until both are done); Delete asks 'Are you sure you want to delete this video?' and calls
 * DELETE /guests/{id}/media/{uuid}. A failure toasts the server's message.
 */
export function GuestVideoSection({ profileId }: { profileId: number }) {
  const { query, keep } = useGuestProfile(profileId);
  const [busy, setBusy] = useState<'uploading' | 'deleting' | null>(null);
  const saving = busy !== null;
  const inputId = useId();
  const hintId = `${inputId}-hint`;

  const failed = (error: unknown) =>
    toast.error(serverMessage(error, errorMessages.errorSomethingWentWrong));

  const upload = async (file: File) => {
    setBusy('uploading');
    try {
      const stored = await uploadVideo(file);
      keep(await updateGuest(profileId, { video_uuid: stored.uuid }));
      toast.success('Video saved.');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  const remove = async (uuid: string) => {
    const confirmed = await confirm({
      title: 'Delete video?',
      message: 'Are you sure you want to delete this video?',
      confirmLabel: 'Delete',
      tone: 'danger',
    });
    if (!confirmed) return;
    setBusy('deleting');
    try {
      keep(await deleteGuestMedia(profileId, uuid));
      toast.success('Video deleted.');
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };

  return (
    <SettingsSection
      id="guest-video"
      title="Video"
      description="A short video introducing you, shown on your profile."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your video"
        errorMessage="Your video could not be loaded."
      >
        {(profile) => (
          <SettingsRow label="Profile video">
            <div
              className="gs-profile-editor__video"
              data-state={
                busy === 'uploading' ? 'uploading' : profile.videoUuid ? 'uploaded' : 'empty'
              }
            >
              {busy === 'uploading' ? (
                <p className="gs-profile-editor__video-placeholder" role="status">
                  Saving...
                </p>
              ) : profile.videoUrl && profile.videoUuid ? (
                // eslint-disable-next-line jsx-a11y/media-has-caption -- an uploaded file: no captions exist (decision 096)
                <video
                  className="gs-profile-editor__video-player"
                  src={profile.videoUrl}
                  controls
                  preload="metadata"
                  aria-label={`Video of ${profile.name}`}
                >
                  <a href={profile.videoUrl}>Download the video of {profile.name}</a>
                </video>
              ) : (
                <p className="gs-profile-editor__video-placeholder">No video yet.</p>
              )}
              <p id={hintId} className="gs-profile-editor__hint">
                MP4, OGG or MOV, up to 100 MB.
              </p>
              <div className="gs-profile-editor__video-actions">
                <input
                  id={inputId}
                  type="file"
                  accept={VIDEO_TYPES}
                  className="gs-profile-editor__file-input"
                  aria-describedby={hintId}
                  disabled={saving}
                  onChange={(event) => {
                    const file = event.target.files?.[0];
                    // Choosing the same file again must fire onChange again.
                    event.target.value = '';
                    if (file) void upload(file);
                  }}
                />
                {/* The focusable control is the input itself; its label looks like a button. */}
                <label
                  htmlFor={inputId}
                  className="gs-button gs-profile-editor__file-label"
                  data-variant="secondary"
                  data-size="sm"
                  data-state={saving ? 'disabled' : 'idle'}
                >
                  {profile.videoUuid ? 'Replace video' : 'Upload video'}
                </label>
                {profile.videoUuid ? (
                  <Button
                    variant="ghost"
                    size="sm"
                    disabled={saving}
                    loading={busy === 'deleting'}
                    onClick={() => void remove(profile.videoUuid ?? '')}
                  >
                    Delete video
                  </Button>
                ) : null}
              </div>
            </div>
          </SettingsRow>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
