import type { ReactNode } from 'react';
import { FieldArray, useFormikContext } from 'formik';
import * as yup from 'yup';
import { type GuestLinks } from '@guestspot/shared-api';
import {
  hasDomain,
  isWebUrl,
  SOCIAL_NETWORKS,
  type SocialNetworkName,
} from '@guestspot/shared-api/link-rules';
import { Button, messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { ProfileForm } from './form-parts';

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

const socialShape = Object.fromEntries(
  SOCIAL_NETWORKS.map((network) => [
    network,
    yup
      .string()
      .trim()
      .test(
        'hasDomain',
        messages.hasDomain(network),
        (value) => !value || hasDomain(value, network),
      ),
  ]),
) as Record<SocialNetworkName, yup.StringSchema<string | undefined>>;

const urlList = (message: string) =>
  yup
    .array(
      yup
        .string()
        .trim()
        .test('url', message, (value) => !value || isWebUrl(value)),
    )
    .required();

export const guestLinksSchema = yup.object({
  social_media: yup.object(socialShape).required(),
  podcasts: urlList(messages.podcast()),
  videos: urlList(messages.video()),
  articles: urlList(messages.url()),
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

function UrlList({
  name,
  legend,
  itemLabel,
  addLabel,
}: {
  name: 'podcasts' | 'videos' | 'articles';
  legend: string;
  itemLabel: string;
  addLabel: string;
}) {
  const { values } = useFormikContext<GuestLinksValues>();
  const items = values[name];
  return (
    <fieldset className="gs-profile-form__group">
      <legend className="gs-profile-form__legend">{legend}</legend>
      <FieldArray name={name}>
        {(array) => (
          <>
            <ul className="gs-profile-form__list">
              {items.map((_, index) => (
                <li key={index} className="gs-profile-form__row">
                  <FormTextField
                    name={`${name}.${index}`}
                    type="url"
                    label={`${itemLabel} ${index + 1}`}
                    placeholder="https://"
                  />
                  <Button
                    type="button"
                    variant="ghost"
                    onClick={() => array.remove(index)}
                    aria-label={`Remove ${itemLabel.toLowerCase()} ${index + 1}`}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            <div>
              <Button type="button" variant="secondary" onClick={() => array.push('')}>
                {addLabel}
              </Button>
            </div>
          </>
        )}
      </FieldArray>
    </fieldset>
  );
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
      <UrlList
        name="podcasts"
        legend="Podcast appearances"
        itemLabel="Podcast"
        addLabel="Add a podcast"
      />
      <UrlList name="videos" legend="Videos" itemLabel="Video" addLabel="Add a video" />
      <UrlList name="articles" legend="Articles" itemLabel="Article" addLabel="Add an article" />
    </ProfileForm>
  );
}
