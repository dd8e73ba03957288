import { useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys, type UpsellPackage } from '@guestspot/shared-api';
import * as upsellsApi from '@guestspot/shared-api/upsell-packages';
import type { UpsellPackagePayload } from '@guestspot/shared-api/upsell-packages';
import type { ProfileSide } from '@guestspot/shared-api';

/** The profile's packages. A failed load is the caller's to swallow (spec §8). */
export function useUpsellPackages(kind: ProfileSide, profileId: number) {
  return useQuery({
    queryKey: queryKeys.upsellPackages(kind, profileId),
    queryFn: () => upsellsApi.listUpsellPackages(kind, profileId),
  });
}

/**
 * Saves and deletes wait for the server (a save may come back with field errors) and then put
 * its answer in the cache, as the team list does.
 */
export function useUpsellPackageWrites(kind: ProfileSide, profileId: number) {
  const client = useQueryClient();
  const queryKey = queryKeys.upsellPackages(kind, profileId);
  const setList = (update: (list: UpsellPackage[]) => UpsellPackage[]) =>
    client.setQueryData<UpsellPackage[]>(queryKey, (list) => update(list ?? []));

  /** Creates the package (no id) or replaces every field of a saved one. */
  async function save(id: number | null, payload: UpsellPackagePayload): Promise<UpsellPackage> {
    if (id === null) {
      const created = await upsellsApi.createUpsellPackage(kind, profileId, payload);
      setList((list) => [...list, created]);
      return created;
    }
    const saved = await upsellsApi.updateUpsellPackage(kind, profileId, id, payload);
    setList((list) => list.map((item) => (item.id === saved.id ? saved : item)));
    return saved;
  }

  async function remove(id: number): Promise<void> {
    await upsellsApi.deleteUpsellPackage(kind, profileId, id);
    setList((list) => list.filter((item) => item.id !== id));
  }

  return { save, remove };
}
