import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { TOAST_DURATION_MS, ToastHost, toast, useToastStore } from './toast';

afterEach(() => {
  act(() => useToastStore.setState({ toasts: [] }));
});

describe('toast with <ToastHost />', () => {
  it('announces success and info politely', async () => {
    const { container } = render(<ToastHost />);
    act(() => {
      toast.success('Profile saved');
      toast.info('Your booking request was sent');
    });
    const status = screen.getByRole('status');
    expect(within(status).getByText('Profile saved')).toBeInTheDocument();
    expect(within(status).getByText('Your booking request was sent')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('announces errors assertively', async () => {
    const { container } = render(<ToastHost />);
    act(() => {
      toast.error('Error! Something went wrong.');
    });
    expect(screen.getByRole('alert')).toHaveTextContent('Error! Something went wrong.');
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('lives in a labelled notifications region', () => {
    render(<ToastHost />);
    expect(screen.getByRole('region', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('can be dismissed', async () => {
    const user = userEvent.setup();
    render(<ToastHost />);
    act(() => {
      toast.success('Profile saved');
    });
    await user.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
  });

  it('keeps the newest five', () => {
    render(<ToastHost />);
    act(() => {
      for (let i = 1; i <= 7; i += 1) toast.info(`Message ${i}`);
    });
    expect(screen.queryByText('Message 2')).not.toBeInTheDocument();
    expect(screen.getByText('Message 3')).toBeInTheDocument();
    expect(screen.getByText('Message 7')).toBeInTheDocument();
  });

  describe('timing', () => {
    beforeEach(() => jest.useFakeTimers());
    afterEach(() => jest.useRealTimers());

    it('lasts 10000 ms', () => {
      expect(TOAST_DURATION_MS).toBe(10_000);
      render(<ToastHost />);
      act(() => {
        toast.success('Profile saved');
      });

      act(() => jest.advanceTimersByTime(9_999));
      expect(screen.getByText('Profile saved')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1));
      expect(screen.queryByText('Profile saved')).not.toBeInTheDocument();
    });

    it('waits while the pointer is over it, then finishes the remaining time', async () => {
      const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
      render(<ToastHost />);
      act(() => {
        toast.error('Payment failed');
      });

      act(() => jest.advanceTimersByTime(4_000));
      await user.hover(screen.getByText('Payment failed'));
      act(() => jest.advanceTimersByTime(20_000));
      expect(screen.getByText('Payment failed')).toBeInTheDocument();

      await user.unhover(screen.getByText('Payment failed'));
      act(() => jest.advanceTimersByTime(5_900));
      expect(screen.getByText('Payment failed')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(200));
      expect(screen.queryByText('Payment failed')).not.toBeInTheDocument();
    });
  });
});
