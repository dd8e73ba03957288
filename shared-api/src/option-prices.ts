import { api } from '@guestspot/shared-api';
import type { DataEnvelope, OptionPricesDetail } from './types';

// GET/PUT /{guests|shows}/{id}/option-prices (decision 095). Prices travel in dollars here, as
// upsell packages do (stored in cents; the cards' option_prices and lowest_price stay cents).

/** Which side of the marketplace a profile is on: its calls live under /guests or /shows. */
export type OptionPricesProfileKind = 'guest' | 'show';

/** PUT body: every price of the editable options (what it leaves out is removed). */
export interface OptionPricesPayload {
  option_prices: { booking_option_id: number; interview_duration: number; price: number }[];
}

const path = (kind: OptionPricesProfileKind, profileId: number) =>
  `${kind}s/${profileId}/option-prices`;

export async function getOptionPrices(
  kind: OptionPricesProfileKind,
  profileId: number,
): Promise<OptionPricesDetail> {
  return (await api.get(path(kind, profileId)).json<DataEnvelope<OptionPricesDetail>>()).data;
}

/** PUT: replaces them at once; a 422 names the row's field (`option_prices.2.price`). */
export async function updateOptionPrices(
  kind: OptionPricesProfileKind,
  profileId: number,
  payload: OptionPricesPayload,
): Promise<OptionPricesDetail> {
  return (
    await api.put(path(kind, profileId), { json: payload }).json<DataEnvelope<OptionPricesDetail>>()
  ).data;
}
