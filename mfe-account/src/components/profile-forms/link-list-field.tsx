import { FieldArray, useField } from 'formik';
import * as yup from 'yup';
import {
  hasDomain,
  isWebUrl,
  SOCIAL_NETWORKS,
  type SocialNetworkName,
} from '@guestspot/shared-api/link-rules';
import { Button, messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';

/** Each social network's field: empty, or a link on that network's domain. */
export const socialLinksShape = Object.fromEntries(
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

/** A list of links, each empty or a web address (else `message`). */
export const linkListSchema = (message: string) =>
  yup
    .array(
      yup
        .string()
        .trim()
        .test('url', message, (value) => !value || isWebUrl(value)),
    )
    .required();

/** A list of URL fields ('Video 1', 'Video 2', ...), each with Remove, and a button to add one. */
export function LinkListField({
  name,
  legend,
  itemLabel,
  addLabel,
}: {
  name: string;
  legend: string;
  itemLabel: string;
  addLabel: string;
}) {
  const [{ value: items }] = useField<string[]>(name);
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
