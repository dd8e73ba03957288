import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';
import { ConfirmHost, confirm, useConfirmStore } from './confirm-host';

function renderDialog(props: Partial<ConfirmDialogProps> = {}) {
  const onConfirm = jest.fn();
  const onCancel = jest.fn();
  const view = render(<ConfirmDialog open onConfirm={onConfirm} onCancel={onCancel} {...props} />);
  return { onConfirm, onCancel, ...view };
}

function deferred() {
  let resolve!: () => void;
  let reject!: (error: Error) => void;
  const promise = new Promise<void>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

describe('ConfirmDialog', () => {
  it('asks with the spec defaults', async () => {
    const { baseElement } = renderDialog();
    const dialog = screen.getByRole('dialog', { name: 'Confirm Action?' });
    // Read with the title when the dialog opens, not only if the user goes looking for it.
    expect(dialog).toHaveAccessibleDescription('Are you sure you want to run this action?');
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  it('emits confirm at once without a delay', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog({ title: 'Delete MINIVIEW?', tone: 'danger' });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('emits cancel from the Cancel button and from Escape', async () => {
    const user = userEvent.setup();
    const { onConfirm, onCancel } = renderDialog();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it("reads 'Confirming' and is disabled while an async confirm runs", async () => {
    const user = userEvent.setup();
    const action = deferred();
    const { baseElement } = renderDialog({ onConfirm: () => action.promise });

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    const busy = screen.getByRole('button', { name: 'Confirming' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    expect(await axe(baseElement)).toHaveNoViolations();

    await act(async () => action.resolve());
    expect(screen.getByRole('button', { name: 'Confirm' })).toBeEnabled();
  });

  it("reads 'Confirming' while the caller says the action runs", () => {
    renderDialog({ confirming: true });
    expect(screen.getByRole('button', { name: 'Confirming' })).toBeDisabled();
  });

  it('shows why a failed confirm failed and lets the user try again', async () => {
    const user = userEvent.setup();
    const onConfirm = jest
      .fn()
      .mockRejectedValueOnce(new Error('The booking could not be cancelled.'))
      .mockResolvedValueOnce(undefined);
    renderDialog({ onConfirm });

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The booking could not be cancelled.',
    );
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledTimes(2);
  });

  it('has no axe violations during a countdown', async () => {
    const user = userEvent.setup();
    const { baseElement } = renderDialog({ delay: 30 });
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Confirming in 30…' })).toBeInTheDocument();
    // axe schedules its own timers, so it runs outside the fake-timer tests below.
    expect(await axe(baseElement)).toHaveNoViolations();
  });

  describe('with a delay', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('counts down each second, then confirms', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { onConfirm } = renderDialog({ delay: 3 });

      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      expect(screen.getByRole('button', { name: 'Confirming in 3…' })).toBeDisabled();
      expect(screen.getByRole('status')).toHaveTextContent('Confirming in 3…');
      expect(screen.getByRole('button', { name: 'Stop' })).toHaveFocus();

      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByRole('button', { name: 'Confirming in 2…' })).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByRole('button', { name: 'Confirming in 1…' })).toBeInTheDocument();
      expect(onConfirm).not.toHaveBeenCalled();

      act(() => jest.advanceTimersByTime(1000));
      expect(onConfirm).toHaveBeenCalledTimes(1);
    });

    it('can be stopped, which confirms nothing', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      const { onConfirm, onCancel } = renderDialog({ delay: 3 });

      await user.click(screen.getByRole('button', { name: 'Confirm' }));
      act(() => jest.advanceTimersByTime(1000));
      await user.click(screen.getByRole('button', { name: 'Stop' }));
      act(() => jest.advanceTimersByTime(5000));

      expect(onConfirm).not.toHaveBeenCalled();
      expect(onCancel).not.toHaveBeenCalled();
      expect(screen.getByRole('button', { name: 'Confirm' })).toHaveFocus();
      expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
    });
  });
});

describe('with a countdown', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const reject = { title: 'Reject this booking?', confirmLabel: 'Reject', tone: 'danger' } as const;
  /** Time passing second by second, React rendering after each (as it would between ticks). */
  const pass = (seconds: number) => {
    for (let second = 0; second < seconds; second += 1) act(() => jest.advanceTimersByTime(1000));
  };

  it('keeps the confirm button disabled, showing the seconds left, then enables it', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { onConfirm } = renderDialog({ ...reject, countdown: 3 });

    const dialog = screen.getByRole('dialog', { name: 'Reject this booking?' });
    expect(dialog).toHaveAttribute('data-state', 'waiting');
    expect(screen.getByRole('button', { name: 'Reject (3)' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveFocus();

    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Reject (2)' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Reject (1)' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(999));
    await user.click(screen.getByRole('button', { name: 'Reject (1)' }));
    expect(onConfirm).not.toHaveBeenCalled();

    act(() => jest.advanceTimersByTime(1));
    const confirmButton = screen.getByRole('button', { name: 'Reject' });
    expect(confirmButton).toBeEnabled();
    expect(dialog).toHaveAttribute('data-state', 'idle');
    await user.click(confirmButton);
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('lets the user cancel at once, while it runs', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    const { onCancel, onConfirm } = renderDialog({ ...reject, countdown: 3 });
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('counts by the clock, so a late timer (a background tab) does not stretch it', () => {
    renderDialog({ ...reject, countdown: 3 });
    // The first tick runs 1.5 s late: 2.5 s have passed when it does.
    jest.setSystemTime(Date.now() + 1500);
    act(() => jest.advanceTimersByTime(1000));
    expect(screen.getByRole('button', { name: 'Reject (1)' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(500));
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();
  });

  it('starts again on each opening', () => {
    const props = { ...reject, countdown: 3, onConfirm: jest.fn(), onCancel: jest.fn() };
    const { rerender } = render(<ConfirmDialog open {...props} />);
    pass(3);
    expect(screen.getByRole('button', { name: 'Reject' })).toBeEnabled();

    rerender(<ConfirmDialog open={false} {...props} />);
    rerender(<ConfirmDialog open {...props} />);
    expect(screen.getByRole('button', { name: 'Reject (3)' })).toBeDisabled();
  });

  it('is an option of confirm(), for the booking pages', async () => {
    const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ ...reject, countdown: 3 });
    });
    expect(screen.getByRole('button', { name: 'Reject (3)' })).toBeDisabled();
    pass(3);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await expect(answer).resolves.toBe(true);
    act(() => useConfirmStore.setState({ request: null }));
  });
});

it('has no axe violations while a countdown runs', async () => {
  const { baseElement } = renderDialog({ countdown: 30, confirmLabel: 'Reject', tone: 'danger' });
  expect(screen.getByRole('button', { name: 'Reject (30)' })).toBeDisabled();
  expect(await axe(baseElement)).toHaveNoViolations();
});

describe('confirm() with <ConfirmHost />', () => {
  afterEach(() => {
    act(() => useConfirmStore.setState({ request: null }));
  });

  it('resolves true when the user confirms, and closes', async () => {
    const user = userEvent.setup();
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ title: 'Delete this show?', confirmLabel: 'Delete', tone: 'danger' });
    });

    await user.click(screen.getByRole('button', { name: 'Delete' }));
    await expect(answer).resolves.toBe(true);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('resolves false when the user cancels', async () => {
    const user = userEvent.setup();
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm();
    });
    expect(screen.getByRole('dialog', { name: 'Confirm Action?' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await expect(answer).resolves.toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("keeps the dialog on 'Confirming' until an async onConfirm finishes", async () => {
    const user = userEvent.setup();
    const action = deferred();
    render(<ConfirmHost />);
    let answer: Promise<boolean> | undefined;
    act(() => {
      answer = confirm({ onConfirm: () => action.promise });
    });

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(screen.getByRole('button', { name: 'Confirming' })).toBeDisabled();

    await act(async () => action.resolve());
    await expect(answer).resolves.toBe(true);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('answers false to an open request when a new one replaces it', async () => {
    render(<ConfirmHost />);
    let first: Promise<boolean> | undefined;
    act(() => {
      first = confirm({ title: 'First?' });
    });
    act(() => {
      void confirm({ title: 'Second?' });
    });
    await expect(first).resolves.toBe(false);
    expect(screen.getByRole('dialog', { name: 'Second?' })).toBeInTheDocument();
  });
});
