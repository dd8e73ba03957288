import type { Upload } from '@guestspot/shared-api';
import { deleteGuestMedia, updateGuest } from '@guestspot/shared-api/guests';
import { uploadImage, type UploadImageOptions } from '@guestspot/shared-api/uploads';
import { toast } from '@guestspot/shared-ui';
import { ImageUpload, type ImageUploadProps } from '@guestspot/shared-ui/image-upload';
import { SettingsQuery, SettingsRow, SettingsSection } from '../../../components/settings';
import { useGuestProfile } from '../hooks/use-profile-editor';

/**
 * /details/guest → Image: the guest's picture. Picking one opens the crop (1.25, at least
 * 400×400, up to 20MB: the control's defaults); its Save uploads it and attaches it with
 * PUT /guests/{id} in one step ('Saving...' until both are done). Delete asks 'Are you sure you
 * want to delete this image?' and calls DELETE /guests/{id}/media/{uuid}. The guest's video is
 * its own section (GuestVideoSection).
 */
export function GuestMediaSection({
  profileId,
  cropImage,
}: {
  profileId: number;
  /** How the crop becomes a JPEG (the control's canvas by default; tests pass their own). */
  cropImage?: ImageUploadProps['cropImage'];
}) {
  const { query, keep } = useGuestProfile(profileId);
  const upload = async (image: Blob, options: UploadImageOptions): Promise<Upload> => {
    const stored = await uploadImage(image, options);
    keep(await updateGuest(profileId, { image_uuid: stored.uuid }));
    toast.success('Image saved.');
    return stored;
  };
  const remove = async (uuid: string) => {
    keep(await deleteGuestMedia(profileId, uuid));
    toast.success('Image deleted.');
  };
  return (
    <SettingsSection id="guest-image" title="Image" description="Your picture on your profile.">
      <SettingsQuery
        query={query}
        loadingLabel="Loading your picture"
        errorMessage="Your picture could not be loaded."
      >
        {(profile) => (
          <SettingsRow label="Profile image">
            <ImageUpload
              label="Profile image"
              entity="guest"
              value={
                profile.imageUuid ? { uuid: profile.imageUuid, url: profile.imageUrl ?? '' } : null
              }
              upload={upload}
              cropImage={cropImage}
              onDelete={remove}
              // Saving already happened in upload/onDelete; the section shows the saved profile.
              onChange={() => undefined}
            />
          </SettingsRow>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
