import { useState } from 'react';
import { createPortal } from 'react-dom';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Modal, type ModalProps } from './modal';

function Harness(props: Partial<ModalProps>) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Edit profile
      </button>
      <Modal
        open={open}
        onClose={() => setOpen(false)}
        title="Edit profile"
        description="Changes show on your public page."
        footer={
          <>
            <button type="button" onClick={() => setOpen(false)}>
              Cancel
            </button>
            <button type="button">Save</button>
          </>
        }
        {...props}
      >
        <label>
          Display name <input />
        </label>
      </Modal>
    </>
  );
}

async function openModal(props: Partial<ModalProps> = {}) {
  const user = userEvent.setup();
  const view = render(<Harness {...props} />);
  await user.click(screen.getByRole('button', { name: 'Edit profile' }));
  return { user, ...view };
}

describe('Modal', () => {
  it('renders nothing while closed', () => {
    render(<Harness />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens a modal dialog named by its title and described by its description', async () => {
    const { baseElement } = await openModal();
    const dialog = screen.getByRole('dialog', { name: 'Edit profile' });
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('Changes show on your public page.');
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('moves focus to the first field inside', async () => {
    await openModal();
    expect(screen.getByRole('textbox', { name: 'Display name' })).toHaveFocus();
  });

  it('traps Tab and Shift+Tab inside the dialog', async () => {
    const { user } = await openModal();
    const input = screen.getByRole('textbox', { name: 'Display name' });
    const close = screen.getByRole('button', { name: 'Close' });

    await user.tab();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: 'Save' })).toHaveFocus();
    await user.tab();
    expect(close).toHaveFocus();
    await user.tab();
    expect(input).toHaveFocus();
    await user.tab({ shift: true });
    expect(close).toHaveFocus();
  });

  it('closes on Escape and gives focus back to the opener', async () => {
    const { user } = await openModal();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
  });

  it('closes with the close button', async () => {
    const { user } = await openModal();
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit profile' })).toHaveFocus();
  });

  it('closes on a backdrop click but not on a click inside', async () => {
    const { user } = await openModal();
    await user.click(screen.getByRole('dialog'));
    expect(screen.getByRole('dialog')).toBeInTheDocument();
    await user.click(screen.getByTestId('modal-backdrop'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('can keep the dialog open on backdrop clicks and Escape', async () => {
    const { user } = await openModal({ closeOnBackdropClick: false, closeOnEscape: false });
    await user.click(screen.getByTestId('modal-backdrop'));
    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Edit profile' })).toBeInTheDocument();
  });

  it('locks page scroll while open and restores it on close', async () => {
    document.body.style.overflow = 'auto';
    const { user } = await openModal();
    expect(document.body.style.overflow).toBe('hidden');
    await user.keyboard('{Escape}');
    expect(document.body.style.overflow).toBe('auto');
  });

  it('makes the page behind inert while open, leaving alone what was inert already', async () => {
    const waiting = document.createElement('div');
    waiting.setAttribute('inert', '');
    document.body.append(waiting);
    const { user, container } = await openModal();
    expect(container).toHaveAttribute('inert');
    expect(screen.getByTestId('modal-backdrop')).not.toHaveAttribute('inert');

    await user.keyboard('{Escape}');
    expect(container).not.toHaveAttribute('inert');
    expect(waiting).toHaveAttribute('inert');
    waiting.remove();
  });

  it('leaves only the top of dialogs opened together live, whichever closes first', () => {
    const props = { onClose: jest.fn(), children: <button type="button">Inside</button> };
    const view = render(
      <>
        <p>Page</p>
        <Modal open title="Lower" {...props} />
        <Modal open title="Top" {...props} />
      </>,
    );
    const page = view.container;
    const [lowerLayer, topLayer] = screen.getAllByTestId('modal-backdrop');
    expect(page).toHaveAttribute('inert');
    expect(lowerLayer).toHaveAttribute('inert');
    expect(topLayer).not.toHaveAttribute('inert');

    // The lower dialog goes first (its page was left, say): the top one still holds the page.
    view.rerender(
      <>
        <p>Page</p>
        <Modal open={false} title="Lower" {...props} />
        <Modal open title="Top" {...props} />
      </>,
    );
    expect(page).toHaveAttribute('inert');
    expect(topLayer).not.toHaveAttribute('inert');
    view.rerender(
      <>
        <p>Page</p>
        <Modal open={false} title="Lower" {...props} />
        <Modal open={false} title="Top" {...props} />
      </>,
    );
    expect(page).not.toHaveAttribute('inert');
  });

  it('leaves a picker the dialog opens in a portal live, but not under a dialog above it', () => {
    function Picker() {
      return createPortal(<div role="listbox" aria-label="Dates" />, document.body);
    }
    const props = { onClose: jest.fn(), children: <button type="button">Inside</button> };
    const page = (picker: boolean, top: boolean) => (
      <>
        <Modal open title="Lower" {...props}>
          {picker ? <Picker /> : null}
        </Modal>
        <Modal open={top} title="Top" {...props} />
      </>
    );
    const view = render(page(false, false));
    view.rerender(page(true, false));
    const picker = screen.getByRole('listbox', { name: 'Dates' });
    expect(picker).not.toHaveAttribute('inert');

    view.rerender(page(true, true));
    expect(picker).toHaveAttribute('inert');
    view.rerender(page(true, false));
    expect(picker).not.toHaveAttribute('inert');
    expect(view.container).toHaveAttribute('inert');
  });

  it('only the innermost of nested dialogs closes on Escape', async () => {
    const user = userEvent.setup();
    function Nested() {
      const [inner, setInner] = useState(false);
      const [outer, setOuter] = useState(true);
      return (
        <Modal open={outer} onClose={() => setOuter(false)} title="Outer">
          <button type="button" onClick={() => setInner(true)}>
            Open inner
          </button>
          <Modal open={inner} onClose={() => setInner(false)} title="Inner">
            <button type="button">Inside inner</button>
          </Modal>
        </Modal>
      );
    }
    render(<Nested />);
    await user.click(screen.getByRole('button', { name: 'Open inner' }));
    expect(screen.getByRole('dialog', { name: 'Inner' })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Inner' })).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Outer' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open inner' })).toHaveFocus();
  });
});
