import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { ApiError } from '@guestspot/shared-api';
import { ReviewForm, StarRatingDisplay } from './review-form';

const meta = {
  title: 'Forms/ReviewForm',
  component: ReviewForm,
  tags: ['autodocs'],
  args: {
    subject: 'Morning Momentum',
    onSubmit: () => new Promise<void>((resolve) => setTimeout(resolve, 800)),
  },
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
} satisfies Meta<typeof ReviewForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** New: five stars chosen, an empty comment (Submit shows 'Comment is required'). */
export const New: Story = {};

/** Editing the side's own review: its stars and words, with Cancel. */
export const Editing: Story = {
  args: {
    initial: { number: 4, comment: 'Great questions, and the episode went out on time.' },
    onCancel: () => {},
  },
};

/** Saving never ends: the fields and buttons stay disabled, the button reads 'Saving…'. */
export const Saving: Story = {
  args: {
    initial: { number: 5, comment: 'A pleasure.' },
    onSubmit: () => new Promise<void>(() => {}),
  },
};

/** The server refuses: its message shows and the comment's error sits under the field. */
export const Refused: Story = {
  args: {
    initial: { number: 5, comment: 'Too late?' },
    onSubmit: () =>
      Promise.reject(
        new ApiError(422, 'The comment field must not be greater than 300 characters.', {
          comment: ['The comment field must not be greater than 300 characters.'],
        }),
      ),
  },
};

/** The stars as a review shows them. */
export const Display: StoryObj<typeof StarRatingDisplay> = {
  render: () => <StarRatingDisplay value={4} />,
};
