import { api } from '@guestspot/shared-api';
import type { DataEnvelope, UpsellPackage } from './types';

// The paid extras a guest or a show offers whoever books it, under /guests/{id}/ and
// /shows/{id}/ (decision 089). Prices are cents (1999), as everywhere in the API.

/** Which side of the marketplace the profile is on: its calls live under /guests or /shows. */
export type UpsellProfileKind = UpsellPackage['profile_type'];

/** What a create or an update sends; an update replaces every field. */
export interface UpsellPackagePayload {
  title: string;
  description?: string;
  /** cents, a whole number, at least 0 */
  price: number;
  currency: UpsellPackage['currency'];
  url?: string;
  social_handle?: string;
}

const path = (kind: UpsellProfileKind, profileId: number) =>
  `${kind}s/${profileId}/upsell-packages`;

export async function listUpsellPackages(
  kind: UpsellProfileKind,
  profileId: number,
): Promise<UpsellPackage[]> {
  return (await api.get(path(kind, profileId)).json<DataEnvelope<UpsellPackage[]>>()).data;
}

/** POST: a 21st package is a 422 on `title`. */
export async function createUpsellPackage(
  kind: UpsellProfileKind,
  profileId: number,
  payload: UpsellPackagePayload,
): Promise<UpsellPackage> {
  return (
    await api.post(path(kind, profileId), { json: payload }).json<DataEnvelope<UpsellPackage>>()
  ).data;
}

/** PUT …/{packageId}: replaces every field. */
export async function updateUpsellPackage(
  kind: UpsellProfileKind,
  profileId: number,
  packageId: number,
  payload: UpsellPackagePayload,
): Promise<UpsellPackage> {
  return (
    await api
      .put(`${path(kind, profileId)}/${packageId}`, { json: payload })
      .json<DataEnvelope<UpsellPackage>>()
  ).data;
}

export async function deleteUpsellPackage(
  kind: UpsellProfileKind,
  profileId: number,
  packageId: number,
): Promise<void> {
  await api.delete(`${path(kind, profileId)}/${packageId}`);
}
