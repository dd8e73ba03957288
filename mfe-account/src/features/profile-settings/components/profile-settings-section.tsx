import { useCallback } from 'react';
import {
  updateUser,
  useSessionStore,
  withLoginConfirmation,
  type UpdateUserPayload,
  type User,
} from '@guestspot/shared-api';
import { deleteUserMedia } from '@guestspot/shared-api/uploads';
import type { SettingsAccess } from '../../../components/settings';
import { SettingsSection } from '../../../components/settings';
import { ProfileRows, type ProfileRowsProps } from './profile-rows';

/**
 * The profile rows of /settings#profile: the signed-in user's name, email, phone, password,
 * timezone, title and image, each saved through PUT /users/{id}. After each save the session's
 * user is fetched again, so the header (name, picture) and every other row follow. A new email
 * address needs a recent login confirmation: on the server's 428 the password modal opens and
 * the save runs again (decision 063).
 */
export function ProfileSettingsSection({
  user,
  access,
  cropImage,
}: {
  user: User;
  access: SettingsAccess;
  /** For tests and stories without a canvas; see ProfileRows. */
  cropImage?: ProfileRowsProps['cropImage'];
}) {
  const refetch = useSessionStore((state) => state.refetch);
  // A failed refetch after a successful save is not the row's failure: the next load shows it.
  const refresh = useCallback(() => refetch().catch(() => null), [refetch]);
  const save = useCallback(
    async (payload: UpdateUserPayload) => {
      await withLoginConfirmation(() => updateUser(user.id, payload));
      await refresh();
    },
    [user.id, refresh],
  );
  const removeImage = useCallback(
    async (uuid: string) => {
      await deleteUserMedia(user.id, uuid);
      await refresh();
    },
    [user.id, refresh],
  );
  return (
    <SettingsSection id="profile" title="Profile">
      <ProfileRows
        subject={user}
        mode="own"
        save={save}
        removeImage={removeImage}
        // A team member acting as the owner may not move the account to another address nor
        // set its password (the server refuses them too).
        canChangeSignIn={access.changeSignIn}
        cropImage={cropImage}
      />
    </SettingsSection>
  );
}
