import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { requestLoginConfirmation, useLoginConfirmationStore } from '@guestspot/shared-api';
import { renderWithProviders } from '@guestspot/shared-api/testing';
import { loadRemoteModule } from '../federation/load-remote';
import { LoginConfirmationHost, type LoginConfirmationProps } from './login-confirmation-host';

jest.mock('../federation/load-remote', () => ({
  ...jest.requireActual('../federation/load-remote'),
  loadRemoteModule: jest.fn(),
  retryRemote: jest.fn(),
}));
jest.mock('@module-federation/enhanced/runtime', () => ({
  loadRemote: jest.fn(),
  registerRemotes: jest.fn(),
  registerPlugins: jest.fn(),
}));

function LoginConfirmation({ onDone }: LoginConfirmationProps) {
  return (
    <button type="button" onClick={() => onDone(true)}>
      Pretend to confirm
    </button>
  );
}

beforeEach(() => {
  useLoginConfirmationStore.setState({ open: false, resolve: null });
  jest.mocked(loadRemoteModule).mockReturnValue(Promise.resolve({ LoginConfirmation }));
});

describe('the password reconfirmation modal host', () => {
  it('opens on request and resolves true when the form confirms', async () => {
    renderWithProviders(<LoginConfirmationHost />);
    let answer: Promise<boolean> = Promise.resolve(false);
    await act(async () => {
      answer = requestLoginConfirmation();
    });
    expect(await screen.findByRole('dialog', { name: "Confirm it's you" })).toBeInTheDocument();
    await userEvent.click(await screen.findByRole('button', { name: 'Pretend to confirm' }));
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(loadRemoteModule).toHaveBeenCalledWith('mfe_account', 'login-confirmation');
  });

  it('Escape closes it and answers false', async () => {
    renderWithProviders(<LoginConfirmationHost />);
    let answer: Promise<boolean> = Promise.resolve(true);
    await act(async () => {
      answer = requestLoginConfirmation();
    });
    await screen.findByRole('button', { name: 'Pretend to confirm' });
    await userEvent.keyboard('{Escape}');
    await expect(answer).resolves.toBe(false);
    expect(useLoginConfirmationStore.getState().open).toBe(false);
  });
});
