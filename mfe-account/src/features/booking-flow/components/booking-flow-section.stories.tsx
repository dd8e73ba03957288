import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { QueryData } from '@guestspot/shared-api/stories';
import { BookingFlowSection } from './booking-flow-section';

const guestKey = queryKeys.bookingFlowPreferences('guest', 7);

const meta = {
  title: 'Screens/Account/Details/Booking flow',
  component: BookingFlowSection,
  tags: ['autodocs'],
  args: { kind: 'guest', profileId: 7 },
} satisfies Meta<typeof BookingFlowSection>;

export default meta;
type Story = StoryObj<typeof meta>;

/** A guest's five optional steps, MINIVIEW questions off (the default). */
export const Guest: Story = {
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [
            guestKey,
            {
              data: {
                pitch: true,
                'miniview-questions': false,
                questions: true,
                upsells: true,
                payment: true,
              },
            },
          ],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

/** A show's four steps (no MINIVIEW questions), its questions step off. */
export const Show: Story = {
  args: { kind: 'show', profileId: 3 },
  decorators: [
    (Story) => (
      <QueryData
        entries={[
          [
            queryKeys.bookingFlowPreferences('show', 3),
            { data: { pitch: true, questions: false, upsells: true, payment: true } },
          ],
        ]}
      >
        <Story />
      </QueryData>
    ),
  ],
};

export const Phone: Story = {
  ...Guest,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[guestKey, { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const Failed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[guestKey, { error: 'Server Error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
