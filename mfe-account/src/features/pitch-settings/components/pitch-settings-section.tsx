import { useQuery, useQueryClient } from '@tanstack/react-query';
import * as yup from 'yup';
import { errorMessages, queryKeys, type PitchSettingsDetail } from '@guestspot/shared-api';
import { getPitchSettings, updatePitchSettings } from '@guestspot/shared-api/pitch-settings';
import { formatMoney, messages, toast } from '@guestspot/shared-ui';
import { FormCheckbox, FormTextField } from '@guestspot/shared-ui/forms';
import { EditableRow, SettingsQuery, SettingsSection } from '../../../components/settings';
import { centsToDollars, dollarsToCents } from '../../../lib/dollars';
import './pitch-settings.css';
import type { ProfileSide } from '@guestspot/shared-api';

const NOT_SET = 'Not set';

interface PitchValues {
  is_enabled: boolean;
  /** dollars, as typed ('' = no price of its own) */
  price: string;
}

/** The price may be at most the profile's highest booking option (spec §5 max_price). */
function pitchSchema(highestCents: number) {
  return yup.object({
    is_enabled: yup.boolean().required(),
    price: yup
      .string()
      .trim()
      .test('number', messages.number('price'), (value) => !value || dollarsToCents(value) !== null)
      .test(
        'max-price',
        messages.maxPrice('Price', centsToDollars(highestCents)),
        (value) => !value || (dollarsToCents(value) ?? 0) <= highestCents,
      ),
  });
}

/**
 * /details → Pitch settings (spec §2.5, §5): whether the profile shows a Pitch button and what a
 * pitch costs. The price is typed in dollars and sent in cents; it may not be more than the
 * profile's highest booking option (checked here against the GET's highest_price, and again by
 * the server, whose 422 lands on the field).
 */
export function PitchSettingsSection({
  kind,
  profileId,
}: {
  kind: ProfileSide;
  profileId: number;
}) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.pitchSettings(kind, profileId);
  const query = useQuery({ queryKey, queryFn: () => getPitchSettings(kind, profileId) });

  return (
    <SettingsSection
      id="pitch-settings"
      title="Pitch settings"
      description="Let people pitch themselves to you for a price, before or instead of booking."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your pitch settings"
        errorMessage="Your pitch settings could not be loaded."
      >
        {(data) => (
          <PitchRow
            settings={data}
            save={async (values) => {
              const saved = await updatePitchSettings(kind, profileId, {
                is_enabled: values.is_enabled,
                price: values.price.trim() ? dollarsToCents(values.price) : null,
              });
              queryClient.setQueryData(queryKey, saved);
            }}
          />
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}

function PitchRow({
  settings,
  save,
}: {
  settings: PitchSettingsDetail;
  save: (values: PitchValues) => Promise<void>;
}) {
  const highest = settings.highest_price ?? 0;
  return (
    <EditableRow<PitchValues>
      label="Pitch"
      view={
        <dl className="gs-pitch-settings__summary">
          <dt>Pitch button</dt>
          <dd>{settings.is_enabled ? 'On' : 'Off'}</dd>
          <dt>Pitch price</dt>
          <dd>{settings.price === null ? NOT_SET : formatMoney(settings.price)}</dd>
        </dl>
      }
      initialValues={{
        is_enabled: settings.is_enabled,
        price: settings.price === null ? '' : centsToDollars(settings.price),
      }}
      schema={pitchSchema(highest)}
      save={save}
      onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
    >
      <FormCheckbox name="is_enabled" label="Show a Pitch button on my profile" />
      <FormTextField
        name="price"
        label="Pitch price (USD)"
        inputMode="decimal"
        autoComplete="off"
        hint={
          settings.highest_price === null
            ? 'Add a booking option first: a pitch cannot cost more than your highest booking option.'
            : `Up to ${formatMoney(highest, { precision: 'auto' })}, your highest booking option. Leave empty to use your pitch option's price.`
        }
      />
    </EditableRow>
  );
}
