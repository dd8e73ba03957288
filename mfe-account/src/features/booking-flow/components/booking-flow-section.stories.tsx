import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { loadStateStories, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';
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
const loadStates = loadStateStories(guestKey);

/** A guest's five optional steps, MINIVIEW questions off (the default). */
export const Guest: Story = {
  decorators: [
    withQueryData([
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
    ]),
  ],
};

/** A show's four steps (no MINIVIEW questions), its questions step off. */
export const Show: Story = {
  args: { kind: 'show', profileId: 3 },
  decorators: [
    withQueryData([
      [
        queryKeys.bookingFlowPreferences('show', 3),
        { data: { pitch: true, questions: false, upsells: true, payment: true } },
      ],
    ]),
  ],
};

export const Phone: Story = {
  ...Guest,
  globals: phoneGlobals,
};

export const Loading: Story = loadStates.Loading;

export const Failed: Story = loadStates.Failed;
