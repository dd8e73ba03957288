import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  GENERIC_ERROR_MESSAGE,
  isApiError,
  LOGIN_NOT_CONFIRMED_MESSAGE,
  serverMessage,
  useSessionStore,
  withLoginConfirmation,
  type User,
} from '@guestspot/shared-api';
import * as accountStatusApi from '@guestspot/shared-api/account-status';
import { Alert, Badge, Button, confirm, Modal, TextField, toast } from '@guestspot/shared-ui';
import { SettingsRow, SettingsSection, type SettingsAccess } from '../../../components/settings';
import './account-status.css';

/** What the user types to enable the final Delete button. */
export const DELETE_CONFIRMATION_WORD = 'DELETE';

function loginNotConfirmed(error: unknown): boolean {
  return isApiError(error) && error.status === 428;
}

/**
 * Pause/resume and delete (spec §2, §4, §8). Each call needs a recent login confirmation: on the
 * server's 428 the shell's password modal opens and the call runs again once confirmed
 * (withLoginConfirmation); cancelling it shows 'Login not confirmed.'. Only the account owner
 * sees the actions (an agency member acting as the owner only sees the status).
 */
export function AccountStatusSection({ user, access }: { user: User; access: SettingsAccess }) {
  const paused = user.status === 'paused';
  const [busy, setBusy] = useState(false);
  const [deleting, setDeleting] = useState(false);

  async function changeStatus(action: 'pause' | 'resume') {
    setBusy(true);
    try {
      await withLoginConfirmation(
        action === 'pause' ? accountStatusApi.pauseAccount : accountStatusApi.resumeAccount,
      );
      toast.success(action === 'pause' ? 'Account paused!' : 'Account resumed!');
      await useSessionStore
        .getState()
        .refetch()
        .catch(() => null);
    } catch (error) {
      toast.error(loginNotConfirmed(error) ? LOGIN_NOT_CONFIRMED_MESSAGE : GENERIC_ERROR_MESSAGE);
    } finally {
      setBusy(false);
    }
  }

  async function pause() {
    const confirmed = await confirm({
      title: 'Pause your account?',
      message:
        'Your profiles will be hidden from the marketplace and nobody can book you until you resume. A Pro subscription is cancelled at the end of its current period.',
      confirmLabel: 'Pause account',
    });
    if (confirmed) await changeStatus('pause');
  }

  return (
    <SettingsSection id="account-status" title="Account status">
      <SettingsRow
        label="Status"
        actions={
          access.manageAccount ? (
            paused ? (
              <Button loading={busy} disabled={busy} onClick={() => void changeStatus('resume')}>
                Resume account
              </Button>
            ) : (
              <Button
                variant="secondary"
                loading={busy}
                disabled={busy}
                onClick={() => void pause()}
              >
                Pause account
              </Button>
            )
          ) : undefined
        }
      >
        <p className="gs-account-status__line">
          <Badge tone={paused ? 'warning' : 'success'}>{paused ? 'Paused' : 'Active'}</Badge>
          <span>
            {paused
              ? 'Your profiles are hidden and cannot be booked.'
              : 'Your profiles are public and can be booked.'}
          </span>
        </p>
      </SettingsRow>
      {access.manageAccount ? (
        <SettingsRow
          label="Delete account"
          actions={
            <Button variant="danger" onClick={() => setDeleting(true)}>
              Delete account
            </Button>
          }
        >
          <p>Permanently remove your account, your profiles and your saved data.</p>
        </SettingsRow>
      ) : null}
      <DeleteAccountDialog open={deleting} onClose={() => setDeleting(false)} />
    </SettingsSection>
  );
}

/** The strong confirmation: consequences spelled out, and the word typed before Delete works. */
function DeleteAccountDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const navigate = useNavigate();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const matches = typed.trim() === DELETE_CONFIRMATION_WORD;

  function close() {
    if (busy) return;
    setTyped('');
    setError(null);
    onClose();
  }

  async function remove() {
    setBusy(true);
    setError(null);
    try {
      await withLoginConfirmation(accountStatusApi.deleteAccount);
    } catch (failure) {
      const message = loginNotConfirmed(failure)
        ? LOGIN_NOT_CONFIRMED_MESSAGE
        : serverMessage(failure, GENERIC_ERROR_MESSAGE);
      setError(message);
      toast.error(message);
      setBusy(false);
      return;
    }
    // The server ended every session with the account: forget this one and go Home.
    await useSessionStore.getState().logout();
    toast.success('Your account was deleted.');
    void navigate('/', { replace: true });
  }

  return (
    <Modal
      open={open}
      onClose={close}
      title="Delete your account?"
      description="This cannot be undone. Your account, profiles, team, saved cards and question sets are removed and a Pro subscription is cancelled. People you have bookings with keep their booking history."
      size="sm"
      footer={
        <>
          <Button variant="secondary" onClick={close} disabled={busy}>
            Cancel
          </Button>
          <Button
            variant="danger"
            loading={busy}
            disabled={!matches || busy}
            onClick={() => void remove()}
          >
            Delete account
          </Button>
        </>
      }
    >
      <form
        className="gs-account-status__delete-form"
        onSubmit={(event) => {
          event.preventDefault();
          if (matches && !busy) void remove();
        }}
      >
        {error ? <Alert tone="danger">{error}</Alert> : null}
        <TextField
          label={`Type ${DELETE_CONFIRMATION_WORD} to confirm`}
          value={typed}
          autoComplete="off"
          onChange={(event) => setTyped(event.currentTarget.value)}
        />
      </form>
    </Modal>
  );
}
