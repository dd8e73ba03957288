import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { renderWithProviders } from '@guestspot/shared-api/testing';
import {
  openProFeatureDialog,
  ProFeatureDialogHost,
  useProFeatureDialogStore,
} from '../app/pro-feature-dialog-store';
import { Modal } from '../modal/modal';
import { ProFeatureDialog } from './pro-feature-dialog';

afterEach(() => act(() => useProFeatureDialogStore.setState({ open: false, message: undefined })));

describe('ProFeatureDialog', () => {
  it("says 'This is a Pro feature' and offers Unlock Pro and Read more about Pro", async () => {
    const { baseElement } = renderWithProviders(<ProFeatureDialog open onClose={jest.fn()} />);
    expect(screen.getByRole('dialog', { name: 'This is a Pro feature' })).toBeInTheDocument();
    for (const name of ['Unlock Pro', 'Read more about Pro']) {
      expect(screen.getByRole('link', { name })).toHaveAttribute(
        'href',
        '/settings#pro-subscription',
      );
    }
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('closes with Escape', async () => {
    const onClose = jest.fn();
    renderWithProviders(<ProFeatureDialog open onClose={onClose} />);
    await userEvent.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(1);
  });
});

describe('openProFeatureDialog() with <ProFeatureDialogHost />', () => {
  it('opens over a dialog that asked for it; Escape closes it alone, focus back inside', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <>
        <Modal open onClose={jest.fn()} title="Connect with Maya">
          <button type="button" onClick={() => openProFeatureDialog()}>
            Send request
          </button>
        </Modal>
        <ProFeatureDialogHost />
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Send request' }));
    const connect = screen.getByRole('dialog', { name: 'Connect with Maya' });
    const connectLayer = screen.getAllByTestId('modal-backdrop')[0];
    expect(connectLayer).toHaveAttribute('inert');
    expect(screen.getByRole('link', { name: 'Read more about Pro' })).toHaveFocus();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'This is a Pro feature' })).not.toBeInTheDocument();
    expect(connect).toBeInTheDocument();
    expect(connectLayer).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Send request' })).toHaveFocus();
  });

  it.each(['Unlock Pro', 'Read more about Pro'])(
    '%s goes to Settings at the Pro subscription and closes the dialog',
    async (name) => {
      const { router } = renderWithProviders(<ProFeatureDialogHost />, { route: '/bookings' });
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

      act(() => openProFeatureDialog({ message: 'Customizable upsells are part of Pro.' }));
      const dialog = screen.getByRole('dialog', { name: 'This is a Pro feature' });
      expect(dialog).toHaveTextContent('Customizable upsells are part of Pro.');

      await userEvent.click(screen.getByRole('link', { name }));
      expect(router.state.location.pathname).toBe('/settings');
      expect(router.state.location.hash).toBe('#pro-subscription');
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    },
  );
});
