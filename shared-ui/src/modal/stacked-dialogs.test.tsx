import { useState } from 'react';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ConfirmHost, confirm, useConfirmStore } from '../confirm-dialog/confirm-host';
import { ToastHost, toast, useToastStore } from '../toast/toast';
import { Modal } from './modal';

/**
 * A page with a dialog that asks for a confirmation from inside itself, the way the booking page's
 * reject and cancel dialogs do: the confirm goes through confirm() and the app's one ConfirmHost,
 * rendered beside the page as the shell's layout renders them (with the toasts).
 */
function BookingPage({ onAnswer }: { onAnswer?: (confirmed: boolean) => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <main>
        <h1>Booking #12</h1>
        <button type="button" onClick={() => setOpen(true)}>
          Answer booking
        </button>
      </main>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Answer the booking"
        description="Maya asked for an interview on 3 March."
      >
        <button
          type="button"
          onClick={async () => {
            const confirmed = await confirm({
              title: 'Reject this booking?',
              message: 'Maya is told by email and her card is not charged.',
              confirmLabel: 'Reject',
              tone: 'danger',
            });
            onAnswer?.(confirmed);
          }}
        >
          Reject booking
        </button>
        <button type="button">Accept booking</button>
      </Modal>
      <ToastHost />
      <ConfirmHost />
    </>
  );
}

async function openStacked(onAnswer?: (confirmed: boolean) => void) {
  const user = userEvent.setup();
  const view = render(<BookingPage onAnswer={onAnswer} />);
  await user.click(screen.getByRole('button', { name: 'Answer booking' }));
  await user.click(screen.getByRole('button', { name: 'Reject booking' }));
  return { user, ...view };
}

/** What each open dialog is rendered in (its portal's root), the lowest first. */
const layers = () => screen.getAllByTestId('modal-backdrop');

/** The page's own content (found even while inert). */
const page = () => screen.getByRole('main', { hidden: true });

afterEach(() => {
  act(() => {
    useConfirmStore.setState({ request: null });
    useToastStore.setState({ toasts: [] });
  });
});

describe('A dialog alone', () => {
  it('makes the page behind it inert, and live again once closed', async () => {
    const user = userEvent.setup();
    render(<BookingPage />);
    await user.click(screen.getByRole('button', { name: 'Answer booking' }));

    expect(page()).toHaveAttribute('inert');
    expect(layers()[0]).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(page()).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Answer booking' })).toHaveFocus();
  });
});

describe('A confirm opened from inside a dialog', () => {
  it('is the top dialog: named, described by its message, focus on its safe action', async () => {
    const { baseElement } = await openStacked();
    const top = screen.getByRole('dialog', { name: 'Reject this booking?' });
    expect(top).toHaveAttribute('aria-modal', 'true');
    expect(top).toHaveAccessibleDescription('Maya is told by email and her card is not charged.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('leaves the lower dialog and the page inert while it is open', async () => {
    await openStacked();
    expect(layers()[0]).toHaveAttribute('inert');
    expect(page()).toHaveAttribute('inert');
    expect(layers()[1]).not.toHaveAttribute('inert');
  });

  it('keeps Tab inside the confirm, never reaching the lower dialog', async () => {
    const { user } = await openStacked();
    const top = within(screen.getByRole('dialog', { name: 'Reject this booking?' }));
    const order = ['Cancel', 'Reject', 'Close'].map((name) => top.getByRole('button', { name }));
    for (const step of [1, 2, 0, 1]) {
      await user.tab();
      expect(order[step]).toHaveFocus();
    }
    for (const step of [0, 2, 1, 0]) {
      await user.tab({ shift: true });
      expect(order[step]).toHaveFocus();
    }
  });

  it('Escape closes only the confirm; focus returns to its opener inside the first dialog', async () => {
    const onAnswer = jest.fn();
    const { user } = await openStacked(onAnswer);

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Reject this booking?' })).not.toBeInTheDocument();
    expect(onAnswer).toHaveBeenCalledWith(false);
    const lower = screen.getByRole('dialog', { name: 'Answer the booking' });
    expect(screen.getByRole('button', { name: 'Reject booking' })).toHaveFocus();
    // The lower dialog is live again; the page under it is not.
    expect(layers()[0]).not.toHaveAttribute('inert');
    expect(page()).toHaveAttribute('inert');
    expect(document.body.style.overflow).toBe('hidden');

    // A second Escape closes the first dialog, back to the page's button.
    await user.keyboard('{Escape}');
    expect(lower).not.toBeInTheDocument();
    expect(page()).not.toHaveAttribute('inert');
    expect(screen.getByRole('button', { name: 'Answer booking' })).toHaveFocus();
    expect(document.body.style.overflow).toBe('');
  });

  it("a click on the confirm's backdrop closes only the confirm", async () => {
    const { user } = await openStacked();
    await user.click(screen.getAllByTestId('modal-backdrop').at(-1) ?? document.body);
    expect(screen.queryByRole('dialog', { name: 'Reject this booking?' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Answer the booking' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reject booking' })).toHaveFocus();
  });

  it('confirming answers true and gives focus back inside the first dialog', async () => {
    const onAnswer = jest.fn();
    const { user } = await openStacked(onAnswer);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    expect(onAnswer).toHaveBeenCalledWith(true);
    expect(screen.getByRole('button', { name: 'Reject booking' })).toHaveFocus();
  });

  it('leaves the toasts live: one shown meanwhile is heard and can be dismissed', async () => {
    const { user, container } = await openStacked();
    act(() => toast.success('Draft saved.'));
    expect(page()).toHaveAttribute('inert');
    const notifications = screen.getByRole('region', { name: 'Notifications' });
    expect(within(notifications).getByRole('status')).toHaveTextContent('Draft saved.');
    expect(notifications).not.toHaveAttribute('inert');
    expect(container).not.toHaveAttribute('inert');
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(within(notifications).getByRole('status')).toBeEmptyDOMElement();
  });
});
