import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type BookingQuestion } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import type { ComponentProps } from 'react';
import { BookingQuestionsSection } from './booking-questions-section';

const question = (id: number, type: BookingQuestion['type'], body: string, position: number) => ({
  id,
  type,
  body,
  position,
  profile_type: 'guest' as const,
  profile_id: 7,
});
const booking = [
  question(1, 'booking', 'What would you like to talk about?', 0),
  question(2, 'booking', 'Who is your audience, and how big is it?', 1),
  question(3, 'booking', 'Do you record audio only, or video too?', 2),
];
const pitch = [question(4, 'pitch', 'Why would our listeners care about your story?', 0)];

type State = { data: unknown } | { loading: true } | { error: string };

function render(bookingState: State, pitchState: State) {
  return function Story(args: ComponentProps<typeof BookingQuestionsSection>) {
    return (
      <QueryData
        entries={[
          [queryKeys.bookingQuestions(args.kind, args.profileId, 'booking'), bookingState],
          [queryKeys.bookingQuestions(args.kind, args.profileId, 'pitch'), pitchState],
        ]}
      >
        <BookingQuestionsSection {...args} />
      </QueryData>
    );
  };
}

const meta = {
  title: 'Screens/Account/Profiles/Booking questions',
  component: BookingQuestionsSection,
  tags: ['autodocs'],
  args: { kind: 'guest', profileId: 7 },
} satisfies Meta<typeof BookingQuestionsSection>;

export default meta;
type Story = StoryObj<typeof meta>;

export const List: Story = { render: render({ data: booking }, { data: pitch }) };

/** Each question's actions wrap under it; Add goes under its field. */
export const Phone: Story = {
  ...List,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Empty: Story = { render: render({ data: [] }, { data: [] }) };

export const Loading: Story = { render: render({ loading: true }, { loading: true }) };

/** The second booking question open for editing. */
export const Editing: Story = {
  ...List,
  play: async ({ canvas, userEvent }) => {
    await userEvent.click(await canvas.findByRole('button', { name: 'Edit booking question 2' }));
  },
};

/** 20 pitch questions, the API's limit: no Add under that list. */
export const Full: Story = {
  render: render(
    { data: booking },
    {
      data: Array.from({ length: 20 }, (_, i) =>
        question(100 + i, 'pitch', `Pitch question number ${i + 1}?`, i),
      ),
    },
  ),
};

export const LoadFailed: Story = { render: render({ error: 'Server Error' }, { data: pitch }) };
