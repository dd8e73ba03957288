import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type AvailabilitySettings } from '@guestspot/shared-api';
import { getGuestAvailability, updateGuestAvailability } from '@guestspot/shared-api/guests';
import { formatMoney } from '@guestspot/shared-ui';
import { timezoneLabel } from '@guestspot/shared-ui/timezone-select';
import { SettingsQuery, SettingsSection } from '../../../components/settings';
import {
  AvailabilityForm,
  availabilityToValues,
  humanMinutes,
} from '../../../components/profile-forms';
import { EditorPanel, SavedValues } from './editor-panel';

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function windowText(settings: AvailabilitySettings): string {
  if (settings.type === 'rolling') return `The next ${settings.rolling_days} days`;
  if (settings.type === 'date_range') return `${settings.start_date} to ${settings.end_date}`;
  return 'Any time in the future';
}

function weekText(settings: AvailabilitySettings): string {
  // Monday first, as the form lists them.
  const order = [1, 2, 3, 4, 5, 6, 0];
  return order
    .flatMap((wday) => {
      const rule = settings.rules.find((item) => item.wday === wday);
      if (!rule?.intervals.length) return [];
      const hours = rule.intervals.map((i) => `${i.from}–${i.to}`).join(', ');
      return [`${DAY_NAMES[wday]}: ${hours}`];
    })
    .join('\n');
}

/**
 * /details/guest → Availability: interview lengths and prices, when shows may book and the
 * weekly hours (GET/PUT /guests/{id}/availability; the GET answers the defaults until saved).
 */
export function AvailabilitySection({ profileId }: { profileId: number }) {
  const queryClient = useQueryClient();
  const queryKey = queryKeys.guestAvailability(profileId);
  const query = useQuery({ queryKey, queryFn: () => getGuestAvailability(profileId) });
  return (
    <SettingsSection
      id="availability"
      title="Availability"
      description="When shows can book an interview with you, and what each length costs."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your availability"
        errorMessage="Your availability could not be loaded."
      >
        {(settings) => (
          <EditorPanel
            label="Availability"
            view={
              <SavedValues
                items={[
                  [
                    'Interviews',
                    settings.interview_durations
                      .map(
                        (d) =>
                          `${d.duration} minutes: ${d.price === 0 ? 'Free' : formatMoney(d.price, { precision: 'auto' })}`,
                      )
                      .join('\n'),
                  ],
                  ['Booking window', windowText(settings)],
                  ['Minimum notice', humanMinutes(settings.minimum_notice)],
                  ['Timezone', timezoneLabel(settings.timezone)],
                  ['Weekly hours', weekText(settings)],
                ]}
              />
            }
          >
            {({ save, cancel }) => (
              <AvailabilityForm
                initialValues={availabilityToValues(settings)}
                secondaryAction={cancel}
                onSubmit={(next) =>
                  save(async () => {
                    queryClient.setQueryData(
                      queryKey,
                      await updateGuestAvailability(profileId, next),
                    );
                    // The durations' prices are the virtual interview's option prices (decision
                    // 095), which bound the pitch price: those sections read them afresh.
                    await Promise.all([
                      queryClient.invalidateQueries({
                        queryKey: queryKeys.optionPrices('guest', profileId),
                      }),
                      queryClient.invalidateQueries({
                        queryKey: queryKeys.pitchSettings('guest', profileId),
                      }),
                    ]);
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
