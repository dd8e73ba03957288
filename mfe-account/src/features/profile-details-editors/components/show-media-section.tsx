import type { ShowProfile, Upload } from '@guestspot/shared-api';
import { deleteShowMedia, updateShow } from '@guestspot/shared-api/shows';
import { uploadImage, type UploadImageOptions } from '@guestspot/shared-api/uploads';
import { toast } from '@guestspot/shared-ui';
import { ImageUpload, type ImageUploadProps } from '@guestspot/shared-ui/image-upload';
import { SettingsQuery, SettingsRow, SettingsSection } from '../../../components/settings';
import { useShowProfile } from '../hooks/use-profile-editor';

type Slot = {
  field: 'image_uuid' | 'cover_image_uuid';
  label: string;
  uuid: 'imageUuid' | 'coverImageUuid';
  url: 'imageUrl' | 'coverImageUrl';
};

const SLOTS: Slot[] = [
  { field: 'image_uuid', label: 'Show image', uuid: 'imageUuid', url: 'imageUrl' },
  { field: 'cover_image_uuid', label: 'Cover image', uuid: 'coverImageUuid', url: 'coverImageUrl' },
];

/**
 * /details/show/:showId → Cover and image: each picked image is cropped (1.25, at least 400×400,
 * up to 20MB), uploaded and attached with PUT /shows/{id} in one step ('Saving...'); Delete asks
 * 'Are you sure you want to delete this image?' and calls DELETE /shows/{id}/media/{uuid}.
 */
export function ShowMediaSection({
  profileId,
  cropImage,
}: {
  profileId: number;
  cropImage?: ImageUploadProps['cropImage'];
}) {
  const { query, keep } = useShowProfile(profileId);
  const uploadTo =
    (slot: Slot) =>
    async (image: Blob, options: UploadImageOptions): Promise<Upload> => {
      const stored = await uploadImage(image, options);
      keep(await updateShow(profileId, { [slot.field]: stored.uuid }));
      toast.success(`${slot.label} saved.`);
      return stored;
    };
  const removeFrom = (slot: Slot) => async (uuid: string) => {
    keep(await deleteShowMedia(profileId, uuid));
    toast.success(`${slot.label} deleted.`);
  };
  const valueOf = (show: ShowProfile, slot: Slot) => {
    const uuid = show[slot.uuid];
    return uuid ? { uuid, url: show[slot.url] ?? '' } : null;
  };
  return (
    <SettingsSection
      id="show-media"
      title="Cover and image"
      description="The show's picture and the cover at the top of its profile."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading the show's images"
        errorMessage="The show's images could not be loaded."
      >
        {(show) => (
          <>
            {SLOTS.map((slot) => (
              <SettingsRow key={slot.field} label={slot.label}>
                <ImageUpload
                  label={slot.label}
                  entity="show"
                  value={valueOf(show, slot)}
                  upload={uploadTo(slot)}
                  cropImage={cropImage}
                  onDelete={removeFrom(slot)}
                  onChange={() => undefined}
                />
              </SettingsRow>
            ))}
          </>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
