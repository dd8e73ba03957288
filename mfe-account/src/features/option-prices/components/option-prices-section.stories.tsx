import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { loadStateStories, phoneGlobals, withQueryData } from '@guestspot/shared-api/stories';
import { OptionPricesSection } from './option-prices-section';

const key = queryKeys.optionPrices('guest', 7);

const meta = {
  title: 'Screens/Account/Details/Booking option prices',
  component: OptionPricesSection,
  tags: ['autodocs'],
  args: { kind: 'guest', profileId: 7 },
} satisfies Meta<typeof OptionPricesSection>;

export default meta;
type Story = StoryObj<typeof meta>;
const loadStates = loadStateStories(key);

const bookingOptions = [
  { id: 1, name: 'Virtual Interview', slug: 'virtual-interview', editable: false },
  { id: 2, name: 'Guest Appearance', slug: 'guest-appearance', editable: true },
  { id: 4, name: 'Media Feature', slug: 'media-feature', editable: true },
];

/** A guest's prices: virtual interview from availability, two durations of a guest appearance. */
export const Enabled: Story = {
  decorators: [
    withQueryData([
      [
        key,
        {
          data: {
            booking_options: bookingOptions,
            option_prices: [
              {
                booking_option_id: 1,
                slug: 'virtual-interview',
                interview_duration: 30,
                price: 15000,
              },
              {
                booking_option_id: 2,
                slug: 'guest-appearance',
                interview_duration: 60,
                price: 40000,
              },
              {
                booking_option_id: 2,
                slug: 'guest-appearance',
                interview_duration: 90,
                price: 65050,
              },
            ],
          },
        },
      ],
    ]),
  ],
};

/** Nothing priced yet: every option reads 'Not offered'. */
export const NotSet: Story = {
  decorators: [
    withQueryData([
      [
        key,
        {
          data: {
            booking_options: bookingOptions,
            option_prices: [],
          },
        },
      ],
    ]),
  ],
};

/** On a phone the row stacks: label, the settings, then Edit. */
export const Phone: Story = {
  ...Enabled,
  globals: phoneGlobals,
};

export const Loading: Story = loadStates.Loading;

export const Failed: Story = loadStates.Failed;
