import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type GuestLinks } from '@guestspot/shared-api';
import { getGuestLinks, updateGuestLinks } from '@guestspot/shared-api/guests';
import { SOCIAL_NETWORKS } from '@guestspot/shared-api/link-rules';
import { SettingsQuery, SettingsSection } from '../../../components/settings';
import { GuestLinksForm, linksToValues, NETWORK_LABELS } from '../../../components/profile-forms';
import { EditorPanel, SavedValues } from './editor-panel';

/** Links as the view lists them: one per line. */
export const lines = (list: string[]) => list.join('\n');

/** The saved social accounts as rows of the view: each network's label and its link, or none. */
export const socialRows = (
  social: Partial<Record<(typeof SOCIAL_NETWORKS)[number], string | null>>,
): [string, string | null][] =>
  SOCIAL_NETWORKS.map((network) => [NETWORK_LABELS[network], social[network] ?? null]);

/** /details/guest → Links: social accounts, podcast appearances, videos, articles (PUT /guests/{id}/links). */
export function GuestLinksSection({ profileId }: { profileId: number }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.profileLinks('guest', profileId);
  const query = useQuery({ queryKey, queryFn: () => getGuestLinks(profileId) });
  return (
    <SettingsSection
      id="guest-links"
      title="Links"
      description="Where shows can hear, watch and read you."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your links"
        errorMessage="Your links could not be loaded."
      >
        {(links: GuestLinks) => (
          <EditorPanel
            label="Links"
            view={
              <SavedValues
                items={[
                  ...socialRows(links.social_media),
                  ['Podcast appearances', lines(links.podcasts)],
                  ['Videos', lines(links.videos)],
                  ['Articles', lines(links.articles)],
                ]}
              />
            }
          >
            {({ save, cancel }) => (
              <GuestLinksForm
                initialValues={linksToValues(links)}
                secondaryAction={cancel}
                onSubmit={(next) =>
                  save(async () => {
                    queryClient.setQueryData(queryKey, await updateGuestLinks(profileId, next));
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
