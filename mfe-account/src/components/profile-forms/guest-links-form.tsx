import type { ReactNode } from 'react';
import * as yup from 'yup';
import { type GuestLinks } from '@guestspot/shared-api';
import { SOCIAL_NETWORKS, type SocialNetworkName } from '@guestspot/shared-api/link-rules';
import { messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { ProfileForm } from './form-parts';
import { LinkListField, linkListSchema, socialLinksShape } from './link-list-field';

export const NETWORK_LABELS: Record<SocialNetworkName, string> = {
  linkedin: 'LinkedIn',
  twitter: 'Twitter',
  instagram: 'Instagram',
  youtube: 'YouTube',
  facebook: 'Facebook',
  wikipedia: 'Wikipedia',
  website: 'Website',
  tiktok: 'TikTok',
};

export const guestLinksSchema = yup.object({
  social_media: yup.object(socialLinksShape).required(),
  podcasts: linkListSchema(messages.podcast()),
  videos: linkListSchema(messages.video()),
  articles: linkListSchema(messages.url()),
});

export type GuestLinksValues = yup.InferType<typeof guestLinksSchema>;

export function linksToValues(links: GuestLinks | null | undefined): GuestLinksValues {
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, links?.social_media[network] ?? '']),
  ) as Record<SocialNetworkName, string>;
  return {
    social_media: social,
    podcasts: links?.podcasts ?? [],
    videos: links?.videos ?? [],
    articles: links?.articles ?? [],
  };
}

export function valuesToLinks(values: GuestLinksValues): GuestLinks {
  const social = Object.fromEntries(
    SOCIAL_NETWORKS.map((network) => [network, values.social_media[network]?.trim() || null]),
  ) as GuestLinks['social_media'];
  const clean = (list: (string | undefined)[]) =>
    list.map((item) => item?.trim() ?? '').filter(Boolean);
  return {
    social_media: social,
    podcasts: clean(values.podcasts),
    videos: clean(values.videos),
    articles: clean(values.articles),
  };
}

export interface GuestLinksFormProps {
  initialValues: GuestLinksValues;
  onSubmit: (links: GuestLinks) => Promise<void>;
  onChange?: (values: GuestLinksValues) => void;
  submitLabel?: string;
  secondaryAction?: ReactNode;
}

/** A guest's social accounts and links (registration step 6 and the /details editor). */
export function GuestLinksForm({
  initialValues,
  onSubmit,
  onChange,
  submitLabel = 'Save',
  secondaryAction,
}: GuestLinksFormProps) {
  return (
    <ProfileForm<GuestLinksValues>
      label="Linked accounts"
      initialValues={initialValues}
      schema={guestLinksSchema}
      submit={(values) => onSubmit(valuesToLinks(values))}
      onChange={onChange}
      submitLabel={submitLabel}
      secondaryAction={secondaryAction}
    >
      <fieldset className="gs-profile-form__group">
        <legend className="gs-profile-form__legend">Social media</legend>
        {SOCIAL_NETWORKS.map((network) => (
          <FormTextField
            key={network}
            name={`social_media.${network}`}
            type="url"
            label={NETWORK_LABELS[network]}
            placeholder={network === 'website' ? 'yoursite.com' : `https://${network}.com/...`}
          />
        ))}
      </fieldset>
      <LinkListField
        name="podcasts"
        legend="Podcast appearances"
        itemLabel="Podcast"
        addLabel="Add a podcast"
      />
      <LinkListField name="videos" legend="Videos" itemLabel="Video" addLabel="Add a video" />
      <LinkListField
        name="articles"
        legend="Articles"
        itemLabel="Article"
        addLabel="Add an article"
      />
    </ProfileForm>
  );
}
