import * as yup from 'yup';
import { errorMessages, type ShowProfile } from '@guestspot/shared-api';
import { isWebUrl } from '@guestspot/shared-api/link-rules';
import { updateShow } from '@guestspot/shared-api/shows';
import { messages, toast } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { EditableRow, SettingsQuery, SettingsSection } from '../../../components/settings';
import {
  PLATFORM_TYPES,
  ShowDetailsEditor,
  showPayload,
  splitTags,
  type ShowDetailsValues,
} from '../../../components/profile-forms';
import { useShowProfile } from '../hooks/use-profile-editor';
import { EditorPanel, SavedValues } from './editor-panel';

function detailsValues(show: ShowProfile): ShowDetailsValues {
  return {
    name: show.name,
    description: show.description ?? '',
    types: show.types.map((type) => String(type.id)),
    categories: show.categories.map((category) => String(category.id)),
    platform_type: show.platform_type ?? '',
  };
}

/** Each type with its page on that platform, when it has one. */
function typesText(show: ShowProfile): string {
  return show.types
    .map((type) => {
      const url = show.type_urls.find((link) => link.type_id === type.id)?.url;
      return url ? `${type.name}: ${url}` : type.name;
    })
    .join('\n');
}

interface TagsAndLinksValues {
  tags: string;
  /** one per show type, in the order of `types` ('' = no link) */
  type_urls: { type_id: number; url: string }[];
}

const tagsAndLinksSchema = yup.object({
  tags: yup.string().max(1000, messages.maxLength('Tags', 1000)),
  type_urls: yup.array(
    yup.object({
      type_id: yup.number().required(),
      url: yup
        .string()
        .trim()
        .test('url', messages.url(), (value) => !value || isWebUrl(value)),
    }),
  ),
});

/**
 * The tags and each type's page (the wizard's form has neither): the PUT's `tags` and
 * `type_urls`, whose 422s are keyed `type_urls.{index}.url` like the fields here.
 */
function TagsAndLinksRow({
  show,
  save,
}: {
  show: ShowProfile;
  save: (payload: {
    tags: string[];
    type_urls: { type_id: number; url: string | null }[];
  }) => Promise<void>;
}) {
  return (
    <EditableRow<TagsAndLinksValues>
      label="Tags and show pages"
      view={
        <SavedValues
          items={[
            ['Tags', show.tags.map((t) => t.name).join(', ')],
            ['Show pages', typesText(show)],
          ]}
        />
      }
      initialValues={{
        tags: show.tags.map((tag) => tag.name).join(', '),
        type_urls: show.types.map((type) => ({
          type_id: type.id,
          url: show.type_urls.find((link) => link.type_id === type.id)?.url ?? '',
        })),
      }}
      schema={tagsAndLinksSchema}
      save={async (values) => {
        await save({
          tags: splitTags(values.tags),
          type_urls: values.type_urls.map((link) => ({
            type_id: link.type_id,
            url: link.url.trim() || null,
          })),
        });
        toast.success('Tags and show pages saved.');
      }}
      onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
    >
      <FormTextField name="tags" label="Tags" hint="Topics of the show, separated by commas." />
      {show.types.map((type, index) => (
        <FormTextField
          key={type.id}
          name={`type_urls.${index}.url`}
          type="url"
          label={`${type.name} page`}
          placeholder="https://"
        />
      ))}
    </EditableRow>
  );
}

/** /details/show/:showId → Details: the show's public details (PUT /shows/{id}), the wizard's form. */
export function ShowDetailsSection({ profileId }: { profileId: number }) {
  const { query, keep } = useShowProfile(profileId);
  return (
    <SettingsSection
      id="show-details"
      title="Details"
      description="What guests read about the show on its profile and in the marketplace."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading the show's details"
        errorMessage="The show's details could not be loaded."
      >
        {(show) => (
          <>
            <EditorPanel
              label="Details"
              view={
                <SavedValues
                  items={[
                    ['Show name', show.name],
                    ['Description', show.description],
                    ['Show types', show.types.map((t) => t.name).join(', ')],
                    ['Categories', show.categories.map((c) => c.name).join(', ')],
                    [
                      'Platform type',
                      PLATFORM_TYPES.find((p) => p.value === show.platform_type)?.label ??
                        show.platform_type,
                    ],
                  ]}
                />
              }
            >
              {({ save, cancel }) => (
                <ShowDetailsEditor
                  initialValues={detailsValues(show)}
                  secondaryAction={cancel}
                  onSubmit={(values) =>
                    save(async () => keep(await updateShow(profileId, showPayload(values))))
                  }
                />
              )}
            </EditorPanel>
            <TagsAndLinksRow
              show={show}
              save={async (payload) => keep(await updateShow(profileId, payload))}
            />
          </>
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}
