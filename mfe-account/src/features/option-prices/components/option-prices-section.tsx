import { useQuery, useQueryClient } from '@tanstack/react-query';
import { FieldArray } from 'formik';
import * as yup from 'yup';
import { errorMessages, queryKeys } from '@guestspot/shared-api';
import { getOptionPrices, updateOptionPrices } from '@guestspot/shared-api/option-prices';
import type { OptionPricesDetail, SellableBookingOption } from '@guestspot/shared-api';
import { Button, formatMoney, messages, toast } from '@guestspot/shared-ui';
import { FormSelect, FormTextField } from '@guestspot/shared-ui/forms';
import { EditableRow, SettingsQuery, SettingsSection } from '../../../components/settings';
import { centsToDollars, dollarsToCents, DOLLARS } from '../../../lib/dollars';
import './option-prices.css';
import type { ProfileSide } from '@guestspot/shared-api';
import { INTERVIEW_DURATIONS } from '@guestspot/shared-api/booking-facts';

/** The interview lengths in minutes (marketplace spec §9), as the API takes them. */

interface PriceRow {
  booking_option_id: number;
  /** minutes, as the select holds it */
  interview_duration: string;
  /** dollars, as typed */
  price: string;
}

interface PriceValues {
  option_prices: PriceRow[];
}

const schema = yup.object({
  option_prices: yup.array(
    yup.object({
      interview_duration: yup.string().required(messages.required('Duration')),
      price: yup
        .string()
        .trim()
        .required(messages.required('Price'))
        .matches(DOLLARS, messages.number('price')),
    }),
  ),
});

const money = (cents: number) => formatMoney(cents, { precision: 'auto' });

/**
 * /details → Booking options: the profile's price per booking option and interview duration
 * (decision 095), typed in dollars and sent in cents. Save replaces them all; a guest's
 * virtual-interview prices are shown here and set in its availability settings.
 */
export function OptionPricesSection({ kind, profileId }: { kind: ProfileSide; profileId: number }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.optionPrices(kind, profileId);
  const query = useQuery({ queryKey, queryFn: () => getOptionPrices(kind, profileId) });

  return (
    <SettingsSection
      id="option-prices"
      title="Booking options"
      description="What each booking option costs for each interview length."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your booking option prices"
        errorMessage="Your booking option prices could not be loaded."
      >
        {(data) => (
          <PricesRow
            detail={data}
            save={async (values) => {
              const saved = await updateOptionPrices(kind, profileId, {
                option_prices: values.option_prices.map((row) => ({
                  booking_option_id: row.booking_option_id,
                  interview_duration: Number(row.interview_duration),
                  // the schema let only dollars with up to two decimals through
                  price: dollarsToCents(row.price) ?? 0,
                })),
              });
              queryClient.setQueryData(queryKey, saved);
              // The pitch price is bounded by the highest option: its section reads it afresh.
              await queryClient.invalidateQueries({
                queryKey: queryKeys.pitchSettings(kind, profileId),
              });
            }}
          />
        )}
      </SettingsQuery>
    </SettingsSection>
  );
}

function PricesRow({
  detail,
  save,
}: {
  detail: OptionPricesDetail;
  save: (values: PriceValues) => Promise<void>;
}) {
  const editable = detail.booking_options.filter((option) => option.editable);
  const readOnly = detail.booking_options.filter((option) => !option.editable);
  const pricesOf = (option: SellableBookingOption) =>
    detail.option_prices.filter((row) => row.booking_option_id === option.id);

  return (
    <EditableRow<PriceValues>
      label="Prices"
      view={
        <dl className="gs-option-prices__summary">
          {detail.booking_options.map((option) => {
            const prices = pricesOf(option);
            return (
              <div key={option.id}>
                <dt>{option.name}</dt>
                <dd>
                  {prices.length === 0
                    ? 'Not offered'
                    : prices
                        .map((row) => `${row.interview_duration} min ${money(row.price)}`)
                        .join(' · ')}
                </dd>
              </div>
            );
          })}
        </dl>
      }
      initialValues={{
        option_prices: detail.option_prices
          .filter((row) => editable.some((option) => option.id === row.booking_option_id))
          .map((row) => ({
            booking_option_id: row.booking_option_id,
            interview_duration: String(row.interview_duration),
            price: centsToDollars(row.price),
          })),
      }}
      schema={schema}
      save={save}
      onError={() => toast.error(errorMessages.errorSomethingWentWrong)}
    >
      {(form) => (
        <FieldArray name="option_prices">
          {({ push, remove }) => (
            <>
              {readOnly.map((option) => (
                <p key={option.id} className="gs-option-prices__note">
                  {option.name}: set in your availability settings.
                </p>
              ))}
              {editable.map((option) => {
                const rows = form.values.option_prices
                  .map((row, index) => ({ row, index }))
                  .filter(({ row }) => row.booking_option_id === option.id);
                const used = rows.map(({ row }) => row.interview_duration);
                const free = INTERVIEW_DURATIONS.filter(
                  (minutes) => !used.includes(String(minutes)),
                );
                return (
                  <fieldset key={option.id} className="gs-option-prices__option">
                    <legend>{option.name}</legend>
                    {rows.map(({ row, index }, position) => (
                      <div key={index} className="gs-option-prices__duration">
                        <FormSelect
                          name={`option_prices.${index}.interview_duration`}
                          label={`${option.name} duration ${position + 1}`}
                          options={INTERVIEW_DURATIONS.filter(
                            (minutes) =>
                              String(minutes) === row.interview_duration ||
                              !used.includes(String(minutes)),
                          ).map((minutes) => ({ value: String(minutes), label: `${minutes} min` }))}
                        />
                        <FormTextField
                          name={`option_prices.${index}.price`}
                          label={`${option.name} price ${position + 1} (USD)`}
                          inputMode="decimal"
                          autoComplete="off"
                        />
                        <Button
                          type="button"
                          variant="secondary"
                          size="sm"
                          disabled={form.isSubmitting}
                          onClick={() => remove(index)}
                        >
                          Remove {option.name} duration {position + 1}
                        </Button>
                      </div>
                    ))}
                    {free.length > 0 ? (
                      <Button
                        type="button"
                        variant="secondary"
                        size="sm"
                        disabled={form.isSubmitting}
                        onClick={() =>
                          push({
                            booking_option_id: option.id,
                            interview_duration: String(free[0]),
                            price: '',
                          } satisfies PriceRow)
                        }
                      >
                        Add a {option.name} duration
                      </Button>
                    ) : null}
                  </fieldset>
                );
              })}
            </>
          )}
        </FieldArray>
      )}
    </EditableRow>
  );
}
