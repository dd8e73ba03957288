import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { queryKeys, type ShowLinks } from '@guestspot/shared-api';
import { getShowLinks, updateShowLinks } from '@guestspot/shared-api/shows';
import { SOCIAL_NETWORKS, type SocialNetworkName } from '@guestspot/shared-api/link-rules';
import { messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { SettingsQuery, SettingsSection } from '../../../components/settings';
import {
  LinkListField,
  linkListSchema,
  NETWORK_LABELS,
  socialLinksShape,
} from '../../../components/profile-forms';
import { ProfileForm } from '../../../components/profile-forms/form-parts';
import { EditorPanel, SavedValues } from './editor-panel';
import { lines, socialRows } from './guest-links-section';

const showLinksSchema = yup.object({
  social_media: yup.object(socialLinksShape).required(),
  episodes: linkListSchema(messages.url()),
  media_features: linkListSchema(messages.url()),
});

interface ShowLinksValues {
  social_media: Record<SocialNetworkName, string>;
  episodes: string[];
  media_features: string[];
}

function toValues(links: ShowLinks): ShowLinksValues {
  return {
    social_media: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, links.social_media[network] ?? '']),
    ) as Record<SocialNetworkName, string>,
    episodes: links.episodes,
    media_features: links.media_features,
  };
}

function toLinks(values: ShowLinksValues): ShowLinks {
  const clean = (list: string[]) => list.map((item) => item.trim()).filter(Boolean);
  return {
    social_media: Object.fromEntries(
      SOCIAL_NETWORKS.map((network) => [network, values.social_media[network].trim() || null]),
    ) as ShowLinks['social_media'],
    episodes: clean(values.episodes),
    media_features: clean(values.media_features),
  };
}

/**
 * /details/show/:showId → Links: the show's social accounts, episodes and media features
 * (GET/PUT /shows/{id}/links), with the guest links form's rules and messages.
 */
export function ShowLinksSection({ profileId }: { profileId: number }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.profileLinks('show', profileId);
  const query = useQuery({ queryKey, queryFn: () => getShowLinks(profileId) });
  return (
    <SettingsSection
      id="show-links"
      title="Links"
      description="Where guests can find the show, its episodes and its press."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading the show's links"
        errorMessage="The show's links could not be loaded."
      >
        {(links) => (
          <EditorPanel
            label="Links"
            view={
              <SavedValues
                items={[
                  ...socialRows(links.social_media),
                  ['Episodes', lines(links.episodes)],
                  ['Media features', lines(links.media_features)],
                ]}
              />
            }
          >
            {({ save, cancel }) => (
              <ProfileForm<ShowLinksValues>
                label="Show links"
                initialValues={toValues(links)}
                schema={showLinksSchema}
                submitLabel="Save"
                secondaryAction={cancel}
                submit={(values) =>
                  save(async () => {
                    queryClient.setQueryData(
                      queryKey,
                      await updateShowLinks(profileId, toLinks(values)),
                    );
                  })
                }
              >
                <fieldset className="gs-profile-form__group">
                  <legend className="gs-profile-form__legend">Social media</legend>
                  {SOCIAL_NETWORKS.map((network) => (
                    <FormTextField
                      key={network}
                      name={`social_media.${network}`}
                      type="url"
                      label={NETWORK_LABELS[network]}
                    />
                  ))}
                </fieldset>
                <LinkListField
                  name="episodes"
                  legend="Episodes"
                  itemLabel="Episode"
                  addLabel="Add episode"
                />
                <LinkListField
                  name="media_features"
                  legend="Media features"
                  itemLabel="Media feature"
                  addLabel="Add media feature"
                />
              </ProfileForm>
            )}
          </EditorPanel>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
