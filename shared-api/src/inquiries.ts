import { api } from '@guestspot/shared-api';
import type { AvailabilityRequestInput, InquiryInput, MessageBody, ProfileListType } from './types';

/** POST /talent/inquire-profile: the Inquire modal. */
export function sendInquiry(payload: InquiryInput): Promise<MessageBody> {
  return api.post('talent/inquire-profile', { json: payload }).json();
}

/** POST /{guests|shows}/{id}/{guest|show}-availability-request: ask the owner to open availability. */
export function requestAvailability(type: ProfileListType, id: number): Promise<MessageBody> {
  const profileType: AvailabilityRequestInput['profileType'] = type === 'guests' ? 'guest' : 'show';
  const payload: AvailabilityRequestInput = { profileId: id, profileType };
  return api.post(`${type}/${id}/${profileType}-availability-request`, { json: payload }).json();
}
