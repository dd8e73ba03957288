import { api } from '@guestspot/shared-api';
import type { DataEnvelope, OptionDurationPrice, OptionPricesDetail } from './types';
import type { ProfileSide } from './types';

// GET/PUT /{guests|shows}/{id}/option-prices (decision 095). Prices travel in cents, as every
// price of the API does.

/** Which side of the marketplace a profile is on: its calls live under /guests or /shows. */

/** PUT body: every price of the editable options (what it leaves out is removed); cents. */
export interface OptionPricesPayload {
  option_prices: Pick<OptionDurationPrice, 'booking_option_id' | 'interview_duration' | 'price'>[];
}

const path = (kind: ProfileSide, profileId: number) => `${kind}s/${profileId}/option-prices`;

export async function getOptionPrices(
  kind: ProfileSide,
  profileId: number,
): Promise<OptionPricesDetail> {
  return (await api.get(path(kind, profileId)).json<DataEnvelope<OptionPricesDetail>>()).data;
}

/** PUT: replaces them at once; a 422 names the row's field (`option_prices.2.price`). */
export async function updateOptionPrices(
  kind: ProfileSide,
  profileId: number,
  payload: OptionPricesPayload,
): Promise<OptionPricesDetail> {
  return (
    await api.put(path(kind, profileId), { json: payload }).json<DataEnvelope<OptionPricesDetail>>()
  ).data;
}
