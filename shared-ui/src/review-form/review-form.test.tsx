import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { ApiError } from '@guestspot/shared-api';
import { ReviewForm, StarRatingDisplay } from './review-form';

describe('ReviewForm', () => {
  it('starts at five stars and sends the chosen stars and the trimmed comment', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn().mockResolvedValue(undefined);
    const { container } = render(<ReviewForm subject="Maya Brooks" onSubmit={onSubmit} />);

    const stars = screen.getByRole('group', { name: 'Your rating of Maya Brooks' });
    expect(stars).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: '5 stars' })).toBeChecked();
    expect(await axe(container)).toHaveNoViolations();

    await user.click(screen.getByRole('radio', { name: '3 stars' }));
    const comment = screen.getByRole('textbox', { name: /Comment/ });
    await user.type(comment, '  Well prepared.  ');
    expect(comment).toHaveAccessibleDescription('18/300 characters');
    await user.click(screen.getByRole('button', { name: 'Submit review' }));

    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ number: 3, comment: 'Well prepared.' }),
    );
  });

  it('requires a comment and takes at most 300 characters', async () => {
    const user = userEvent.setup();
    const onSubmit = jest.fn();
    const { container } = render(<ReviewForm subject="Maya Brooks" onSubmit={onSubmit} />);

    await user.click(screen.getByRole('button', { name: 'Submit review' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Comment is required');
    expect(screen.getByRole('textbox', { name: /Comment/ })).toBeInvalid();
    expect(onSubmit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: /Comment/ })).toHaveAttribute('maxLength', '300');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('disables itself while saving, then shows the refusal with the field error and is usable again', async () => {
    const user = userEvent.setup();
    let refuse: (error: unknown) => void = () => {};
    const onSubmit = jest.fn(
      () =>
        new Promise<void>((_, reject) => {
          refuse = reject;
        }),
    );
    render(
      <ReviewForm
        subject="Morning Momentum"
        initial={{ number: 4, comment: 'Good show.' }}
        onSubmit={onSubmit}
        onCancel={() => {}}
      />,
    );
    await user.click(screen.getByRole('button', { name: 'Save review' }));
    expect(await screen.findByRole('button', { name: 'Saving…' })).toBeDisabled();
    expect(screen.getByRole('textbox', { name: /Comment/ })).toBeDisabled();
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    refuse(
      new ApiError(422, 'The comment field is required.', {
        comment: ['The comment field is required.'],
      }),
    );
    expect(await screen.findByRole('button', { name: 'Save review' })).toBeEnabled();
    expect(screen.getByRole('textbox', { name: /Comment/ })).toHaveAccessibleDescription(
      expect.stringContaining('The comment field is required.'),
    );
    expect(screen.getByRole('radio', { name: '4 stars' })).toBeEnabled();
  });
});

describe('StarRatingDisplay', () => {
  it('is announced as its rating', async () => {
    const { container } = render(<StarRatingDisplay value={4} />);
    expect(screen.getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });
});
