import { useCallback, useState, type FormEvent } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, Navigate, useSearchParams } from 'react-router-dom';
import {
  isApiError,
  serverMessage,
  useCurrentUser,
  type AdminUserSummary,
  type UpdateUserPayload,
  type User,
  queryKeys,
} from '@guestspot/shared-api';
import { adminUpdateUser, getAdminUser } from '@guestspot/shared-api/admin-users';
import { searchAdminUsers } from '@guestspot/shared-api/impersonation';
import {
  Badge,
  Button,
  EmptyState,
  ErrorState,
  PageLoading,
  Skeleton,
  SkeletonGroup,
  TextField,
} from '@guestspot/shared-ui';
import { SettingsSection } from '../../../components/settings';
import { ProfileRows } from './profile-rows';
import './profile-settings.css';

export const USER_NOT_FOUND = 'This user does not exist.';

/** Site admins: signed in as one, or impersonating someone from an admin account (spec §6). */
export function isSiteAdmin(user: User): boolean {
  return user.is_admin || user.impersonator?.is_admin === true;
}

/**
 * /admin-settings (decision 024): a site admin finds a user (by name, email or id) and edits
 * their name, email, phone, password, timezone, image and notifications through the admin update.
 * The chosen user is in the URL (?user=ID), so a reload or a shared link opens them again.
 */
export function AdminSettingsPage() {
  const viewer = useCurrentUser();
  const [params, setParams] = useSearchParams();
  const search = params.get('search') ?? '';
  const rawUser = params.get('user') ?? '';
  const userId = /^\d{1,10}$/.test(rawUser) ? Number(rawUser) : null;

  if (!viewer) return <PageLoading />;
  if (!isSiteAdmin(viewer)) return <Navigate to="/403-forbidden" replace />;

  const update = (next: { search?: string; user?: number | null }) => {
    const values = new URLSearchParams(params);
    if (next.search !== undefined) {
      if (next.search) values.set('search', next.search);
      else values.delete('search');
    }
    if (next.user !== undefined) {
      if (next.user === null) values.delete('user');
      else values.set('user', String(next.user));
    }
    setParams(values);
  };

  return (
    <div className="gs-admin-settings">
      <header className="gs-admin-settings__header">
        <h1 className="gs-admin-settings__title">Admin settings</h1>
        <p>
          <Link to="/settings">Back to your settings</Link>
        </p>
      </header>
      {userId === null ? (
        <UserSearch
          search={search}
          onSearch={(value) => update({ search: value })}
          onPick={(id) => update({ user: id })}
        />
      ) : (
        <AdminUserEditor userId={userId} onBack={() => update({ user: null })} />
      )}
    </div>
  );
}

function UserSearch({
  search,
  onSearch,
  onPick,
}: {
  search: string;
  onSearch: (search: string) => void;
  onPick: (id: number) => void;
}) {
  const [draft, setDraft] = useState(search);
  const results = useQuery({
    queryKey: queryKeys.adminUserSearch(search),
    queryFn: () => searchAdminUsers(search),
    enabled: search !== '',
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(draft.trim());
  };

  return (
    <SettingsSection
      id="find-user"
      title="Find a user"
      description="Search by name, email address or account ID, then edit the account."
    >
      <form className="gs-admin-settings__search" role="search" onSubmit={submit}>
        <TextField
          label="Search users"
          type="search"
          value={draft}
          maxLength={255}
          onChange={(event) => setDraft(event.target.value)}
        />
        <Button type="submit" disabled={draft.trim() === '' || results.isFetching}>
          Search
        </Button>
      </form>
      {search === '' ? null : results.isPending ? (
        <SkeletonGroup label="Loading users…">
          <Skeleton height={96} />
        </SkeletonGroup>
      ) : results.isError ? (
        <ErrorState
          titleAs="h3"
          message="The users could not be loaded."
          onRetry={() => void results.refetch()}
          retrying={results.isFetching}
        />
      ) : results.data.length === 0 ? (
        <EmptyState titleAs="h3" size="sm" title={`No users match “${search}”.`} />
      ) : (
        <ul className="gs-admin-settings__results" aria-label="Users found">
          {results.data.map((found) => (
            <UserResult key={found.id} user={found} onPick={onPick} />
          ))}
        </ul>
      )}
    </SettingsSection>
  );
}

function UserResult({ user, onPick }: { user: AdminUserSummary; onPick: (id: number) => void }) {
  const name = `${user.first_name} ${user.last_name}`;
  return (
    <li className="gs-admin-settings__result">
      <span>
        {name}{' '}
        <Badge>{user.is_admin ? 'Admin' : user.account_type === 'pro' ? 'Pro' : 'Standard'}</Badge>
        <span className="gs-admin-settings__result-email">{`${user.email} · ID ${user.id}`}</span>
      </span>
      {user.is_admin ? (
        <span className="gs-profile-rows__note">Admins edit their own settings.</span>
      ) : (
        <Button
          variant="secondary"
          size="sm"
          aria-label={`Edit ${name}`}
          onClick={() => onPick(user.id)}
        >
          Edit
        </Button>
      )}
    </li>
  );
}

function AdminUserEditor({ userId, onBack }: { userId: number; onBack: () => void }) {
  const queryClient = useQueryClient();
  const subject = useQuery({
    queryKey: queryKeys.adminUser(userId),
    queryFn: () => getAdminUser(userId),
  });
  const keep = useCallback(
    (user: User) => {
      queryClient.setQueryData(queryKeys.adminUser(userId), user);
      // Names and emails in earlier search results may have changed.
      void queryClient.invalidateQueries({ queryKey: queryKeys.adminUserSearches });
    },
    [queryClient, userId],
  );
  const save = useCallback(
    async (payload: UpdateUserPayload) => {
      // The admin update never takes a title or the current password (the rows do not send them).
      const { title: _title, current_password: _current, ...fields } = payload;
      keep(await adminUpdateUser(userId, fields));
    },
    [keep, userId],
  );
  const removeImage = useCallback(
    async (_uuid: string) => keep(await adminUpdateUser(userId, { image_uuid: null })),
    [keep, userId],
  );

  const back = (
    <Button variant="ghost" size="sm" onClick={onBack}>
      Back to search
    </Button>
  );

  if (subject.isPending) {
    return (
      <SkeletonGroup label="Loading the user…">
        <Skeleton height={320} />
      </SkeletonGroup>
    );
  }
  if (subject.isError) {
    const status = isApiError(subject.error) ? subject.error.status : 0;
    return (
      <div>
        {status === 403 || status === 404 ? (
          <EmptyState
            titleAs="h2"
            title={status === 404 ? USER_NOT_FOUND : serverMessage(subject.error, USER_NOT_FOUND)}
            action={back}
          />
        ) : (
          <ErrorState
            message="The user could not be loaded."
            onRetry={() => void subject.refetch()}
            retrying={subject.isFetching}
          />
        )}
      </div>
    );
  }

  const user = subject.data;
  return (
    <>
      <div>{back}</div>
      <SettingsSection
        id="admin-user"
        title={`Editing ${user.first_name} ${user.last_name}`}
        description={`${user.email} · ID ${user.id}. The title stays the user’s own.`}
      >
        <ProfileRows subject={user} mode="admin" save={save} removeImage={removeImage} />
      </SettingsSection>
    </>
  );
}
