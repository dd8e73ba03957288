import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { applyFormErrors, useCurrentUser, type AdminUserSummary } from '@guestspot/shared-api';
import { searchAdminUsers } from '@guestspot/shared-api/impersonation';
import { Alert, Button, Card, messages } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import './managed-accounts-widget.css';

const impersonatePath = (userId: number) => `/impersonate?user_id=${userId}`;

/**
 * Dashboard card: agency members see the accounts they manage with Manage; admins get a small
 * 'Impersonate a user' lookup. Nobody else sees anything.
 */
export function ManagedAccountsWidget() {
  const user = useCurrentUser();
  if (!user) return null;
  const managed = user.teams.filter((team) => team.role === 'agency');
  if (managed.length === 0 && !user.is_admin) return null;
  return (
    <div className="gs-managed-accounts">
      {managed.length > 0 ? <ManagedAccounts teams={managed} /> : null}
      {user.is_admin ? <AdminImpersonateForm /> : null}
    </div>
  );
}

function ManagedAccounts({ teams }: { teams: { owner_id: number; owner_name: string }[] }) {
  const navigate = useNavigate();
  return (
    <Card>
      <h2 className="gs-managed-accounts__title" id="managed-accounts-title">
        Accounts you manage
      </h2>
      <ul className="gs-managed-accounts__list" aria-labelledby="managed-accounts-title">
        {teams.map((team) => (
          <li key={team.owner_id} className="gs-managed-accounts__item">
            <span>{team.owner_name}</span>
            <Button
              size="sm"
              variant="secondary"
              aria-label={`Manage ${team.owner_name}'s account`}
              onClick={() => navigate(impersonatePath(team.owner_id))}
            >
              Manage
            </Button>
          </li>
        ))}
      </ul>
    </Card>
  );
}

const searchSchema = yup.object({
  search: yup.string().trim().required(messages.required('User id or email')),
});

function AdminImpersonateForm() {
  const navigate = useNavigate();
  const [results, setResults] = useState<AdminUserSummary[] | null>(null);
  return (
    <Card>
      <h2 className="gs-managed-accounts__title">Impersonate a user</h2>
      <Formik
        initialValues={{ search: '' }}
        validationSchema={searchSchema}
        onSubmit={async (values, helpers) => {
          try {
            const found = await searchAdminUsers(values.search.trim());
            setResults(found);
          } catch (error) {
            applyFormErrors(error, helpers);
          }
        }}
      >
        {({ isSubmitting, status }) => (
          <Form noValidate className="gs-managed-accounts__form" aria-label="Impersonate a user">
            {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
            <FormTextField name="search" label="User id or email" autoComplete="off" />
            <Button type="submit" variant="secondary" loading={isSubmitting}>
              Find user
            </Button>
          </Form>
        )}
      </Formik>
      {results === null ? null : results.length === 0 ? (
        <p className="gs-managed-accounts__empty">No users match.</p>
      ) : (
        <ul className="gs-managed-accounts__list" aria-label="Matching users">
          {results.map((found) => (
            <li key={found.id} className="gs-managed-accounts__item">
              <span>
                {found.first_name} {found.last_name}{' '}
                <span className="gs-managed-accounts__email">
                  #{found.id} · {found.email}
                </span>
              </span>
              {found.is_admin ? (
                <span className="gs-managed-accounts__email">Admin</span>
              ) : (
                <Button
                  size="sm"
                  variant="secondary"
                  aria-label={`Impersonate ${found.first_name} ${found.last_name}`}
                  onClick={() => navigate(impersonatePath(found.id))}
                >
                  Impersonate
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
