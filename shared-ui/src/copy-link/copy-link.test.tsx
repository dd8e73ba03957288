import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { CopyLink } from './copy-link';

const URL = 'https://guestspot.test/?ref=priyapatel';

describe('CopyLink', () => {
  it('shows the link in a labelled read-only box, idle', async () => {
    const { container } = render(<CopyLink url={URL} label="Referral link" copyLabel="Copy" />);
    expect(screen.getByRole('textbox', { name: 'Referral link' })).toHaveValue(URL);
    expect(screen.getByRole('textbox', { name: 'Referral link' })).toHaveAttribute('readonly');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('copies, then says so', async () => {
    const user = userEvent.setup();
    const write = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    render(<CopyLink url={URL} label="Referral link" copyLabel="Copy" data-testid="copy" />);
    expect(screen.getByTestId('copy')).toHaveAttribute('data-state', 'idle');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(write).toHaveBeenCalledWith(URL);
    expect(screen.getByRole('button', { name: 'Copied!' })).toBeInTheDocument();
    expect(screen.getByTestId('copy')).toHaveAttribute('data-state', 'copied');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('names the link to copy by hand when the clipboard refuses', async () => {
    const user = userEvent.setup();
    jest.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));
    const { container } = render(<CopyLink url={URL} label="Referral link" data-testid="copy" />);
    await user.click(screen.getByRole('button', { name: 'Copy to clipboard' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `Failed to copy. Referral link is: ${URL}`,
    );
    expect(screen.getByTestId('copy')).toHaveAttribute('data-state', 'failed');
    expect(await axe(container)).toHaveNoViolations();
  });
});
