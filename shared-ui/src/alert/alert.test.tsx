import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { Alert, type AlertTone } from './alert';

describe('Alert', () => {
  it.each<[AlertTone, 'alert' | 'status']>([
    ['danger', 'alert'],
    ['warning', 'status'],
    ['success', 'status'],
    ['info', 'status'],
  ])('a %s alert is announced as %s', async (tone, role) => {
    const { container } = render(
      <Alert tone={tone} title="Heads up">
        Your calendar is not connected.
      </Alert>,
    );
    expect(screen.getByRole(role)).toHaveTextContent('Heads upYour calendar is not connected.');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('is informative by default', () => {
    render(<Alert>Saved drafts are kept for 30 days.</Alert>);
    expect(screen.getByRole('status')).toHaveTextContent('Saved drafts are kept for 30 days.');
  });

  it('can be dismissed when it offers to', async () => {
    const user = userEvent.setup();
    const onDismiss = jest.fn();
    const { container } = render(
      <Alert tone="warning" onDismiss={onDismiss}>
        Your trial ends soon.
      </Alert>,
    );
    await user.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(onDismiss).toHaveBeenCalledTimes(1);
    expect(await axe(container)).toHaveNoViolations();
  });
});
