import type { GuestProfile } from '@guestspot/shared-api';
import { updateGuest } from '@guestspot/shared-api/guests';
import { SettingsQuery, SettingsSection } from '../../../components/settings';
import {
  GuestDetailsEditor,
  guestPayload,
  type GuestDetailsValues,
} from '../../../components/profile-forms';
import { useGuestProfile } from '../hooks/use-profile-editor';
import { EditorPanel, SavedValues } from './editor-panel';

function detailsValues(profile: GuestProfile): GuestDetailsValues {
  return {
    name: profile.name,
    title: profile.title ?? '',
    bio: profile.bio ?? '',
    pronunciation: profile.pronunciation ?? '',
    categories: profile.categories.map((category) => String(category.id)),
    tags: profile.tags.map((tag) => tag.name).join(', '),
    image_uuid: profile.imageUuid ?? '',
    image_url: profile.imageUuid ? (profile.imageUrl ?? '') : '',
  };
}

/**
 * /details/guest → Details: the guest profile's public details (PUT /guests/{id}), edited with
 * the registration wizard's form. The picture is sent only when it was changed here: the API
 * takes only the caller's own uploads, and a team member did not upload the owner's.
 */
export function GuestDetailsSection({ profileId }: { profileId: number }) {
  const { query, keep } = useGuestProfile(profileId);
  return (
    <SettingsSection
      id="guest-details"
      title="Details"
      description="What shows read about you on your profile and in the marketplace."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your profile details"
        errorMessage="Your profile details could not be loaded."
      >
        {(profile) => (
          <EditorPanel
            label="Details"
            view={
              <SavedValues
                items={[
                  ['Name', profile.name],
                  ['Title', profile.title],
                  ['Bio', profile.bio],
                  ['Pronunciation', profile.pronunciation],
                  ['Categories', profile.categories.map((c) => c.name).join(', ')],
                  ['Tags', profile.tags.map((t) => t.name).join(', ')],
                ]}
              />
            }
          >
            {({ save, cancel }) => (
              <GuestDetailsEditor
                initialValues={detailsValues(profile)}
                secondaryAction={cancel}
                onSubmit={(values) =>
                  save(async () => {
                    const { image_uuid: image, ...payload } = guestPayload(values);
                    const changed = image !== (profile.imageUuid ?? null);
                    keep(
                      await updateGuest(
                        profileId,
                        changed ? { ...payload, image_uuid: image } : payload,
                      ),
                    );
                  })
                }
              />
            )}
          </EditorPanel>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
