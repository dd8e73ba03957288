import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryKeys, type GuestProfileDetail, type ShowProfileDetail } from '@guestspot/shared-api';
import {
  getBookingOptions,
  quoteBooking,
  type BookingQuotePayload,
} from '@guestspot/shared-api/booking-money';
import { getGuestDetail } from '@guestspot/shared-api/guests';
import { getOptionPrices } from '@guestspot/shared-api/option-prices';
import { getShowDetail } from '@guestspot/shared-api/shows';
import { listUpsellPackages } from '@guestspot/shared-api/upsell-packages';
import type { ProfileSide } from '@guestspot/shared-api';

/** Options that are not a booking of their own (spec §2.5): the pitch has its own route. */
const NOT_BOOKABLE = ['pitch', 'miniview'];

export interface PricedOption {
  id: number;
  name: string;
  slug: string;
  iconUrl: string | null;
  durations: { duration: number; cents: number; priceId: number | null }[];
}

export function useOptionPrices(side: ProfileSide, profileId: number) {
  return useQuery({
    queryKey: queryKeys.optionPrices(side, profileId),
    queryFn: () => getOptionPrices(side, profileId),
  });
}

/** The profile with its options' icons and price ids, which option-prices does not carry. */
export function useBookingProfile(side: ProfileSide, profileId: number) {
  return useQuery<GuestProfileDetail | ShowProfileDetail>({
    queryKey: queryKeys.bookingProfile(side, profileId),
    queryFn: () =>
      side === 'guest'
        ? getGuestDetail(profileId, ['booking_options'])
        : getShowDetail(profileId, ['booking_options']),
  });
}

export function useUpsellPackages(side: ProfileSide, profileId: number) {
  return useQuery({
    queryKey: queryKeys.upsellPackages(side, profileId),
    queryFn: () => listUpsellPackages(side, profileId),
  });
}

/** The profile's bookable options with a price per interview duration, in cents. */
export function useBookableOptions(side: ProfileSide, profileId: number) {
  const prices = useOptionPrices(side, profileId);
  const profile = useBookingProfile(side, profileId);
  const detailOptions = profile.data?.booking_options ?? [];
  const options: PricedOption[] = (prices.data?.booking_options ?? [])
    .filter((option) => !NOT_BOOKABLE.includes(option.slug))
    .map((option) => {
      const detail = detailOptions.find((candidate) => candidate.id === option.id);
      return {
        id: option.id,
        name: option.name,
        slug: option.slug,
        iconUrl: detail?.icon_url ?? null,
        durations: (prices.data?.option_prices ?? [])
          .filter((price) => price.booking_option_id === option.id)
          .sort((a, b) => a.interview_duration - b.interview_duration)
          .map((price) => ({
            duration: price.interview_duration,
            cents: price.price,
            priceId:
              detail?.prices.find((row) => row.interview_duration === price.interview_duration)
                ?.id ?? null,
          })),
      };
    })
    .filter((option) => option.durations.length > 0);
  // A profile's option prices never list the pitch option (it is not one of the options a
  // profile sells): the platform's option list names it.
  const catalogue = useQuery({
    queryKey: queryKeys.bookingOptions,
    queryFn: getBookingOptions,
    staleTime: Infinity,
  });
  const pitchOption =
    prices.data?.booking_options.find((option) => option.slug === 'pitch') ??
    catalogue.data?.find((option) => option.slug === 'pitch');
  return {
    options,
    pitchOption: pitchOption ? { id: pitchOption.id, name: pitchOption.name } : null,
    profile: profile.data,
    isPending: prices.isPending,
    isError: prices.isError,
    refetch: () => void prices.refetch(),
  };
}

export interface QuoteChoices {
  /** the booker's own profile of the other kind; no quote without one */
  bookerId: number | null;
  /** the option booked (the pitch option for a pitch); no quote without one */
  optionId: number | null;
  /** null for a pitch */
  duration: number | null;
  /** null while the profile's upsells load (the quote waits: one call, not two) */
  upsells: number[] | null;
  /** a code the server said is valid, else null */
  code: string | null;
  /** false: no store credit; true: as much as the server allows */
  useCredit: boolean;
}

/** The server's price of the draft (decision 101, "The quote"): never worked out here. */
export function useBookingQuote(side: ProfileSide, profileId: number, choices: QuoteChoices) {
  const { bookerId, optionId } = choices;
  const payload: BookingQuotePayload = {
    booking_option_id: optionId ?? 0,
    interview_duration: choices.duration,
    upsells: choices.upsells ?? [],
    code: choices.code,
    ...(choices.useCredit ? {} : { store_credit_amount: 0 }),
  };
  return useQuery({
    queryKey: queryKeys.bookingQuote(side, profileId, { bookerId, ...payload }),
    queryFn: () =>
      side === 'guest'
        ? quoteBooking('guest', profileId, { ...payload, show_profile_id: bookerId ?? 0 })
        : quoteBooking('show', profileId, { ...payload, guest_profile_id: bookerId ?? 0 }),
    enabled: bookerId !== null && optionId !== null && choices.upsells !== null,
    // Changing a choice keeps the last figures on screen until the new ones arrive.
    placeholderData: keepPreviousData,
  });
}
