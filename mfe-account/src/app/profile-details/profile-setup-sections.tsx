import { OptionPricesSection } from '../../features/option-prices/components/option-prices-section';
import { PitchSettingsSection } from '../../features/pitch-settings/components/pitch-settings-section';
import { BookingFlowSection } from '../../features/booking-flow/components/booking-flow-section';
import { BookingQuestionsSection } from '../../features/booking-questions/components/booking-questions-section';
import { UpsellPackagesSection } from '../../features/upsell-packages/components/upsell-packages-section';

/**
 * What a guest or a show sets up to be booked (issue 16), the same sections on both sides. Each
 * feature owns its section (its calls, states and anchor); this file only composes them.
 */
export function ProfileSetupSections({
  kind,
  profileId,
}: {
  kind: 'guest' | 'show';
  profileId: number;
}) {
  return (
    <>
      {/* First: the options and prices sold, which bound the pitch price below. */}
      <OptionPricesSection kind={kind} profileId={profileId} />
      <PitchSettingsSection kind={kind} profileId={profileId} />
      <BookingQuestionsSection kind={kind} profileId={profileId} />
      <UpsellPackagesSection kind={kind} profileId={profileId} />
      {/* Last: which of the steps set up above someone booking goes through. */}
      <BookingFlowSection kind={kind} profileId={profileId} />
    </>
  );
}
