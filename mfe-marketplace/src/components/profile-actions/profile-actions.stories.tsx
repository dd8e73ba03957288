import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser, makeGuest, makeUser } from '@guestspot/shared-api/stories';
import { ProfileActions } from './profile-actions';
import { InquiryDialog } from './inquiry-dialog';
import { NoBookingOptionsDialog } from './no-booking-options-dialog';
import { PitchDialog } from './pitch-dialog';
import { AvailabilityRequestDialog } from './availability-request-dialog';

const guest = makeGuest({ id: 5, user_id: 9, name: 'Maya Brooks' });

const meta = {
  title: 'Marketplace/ProfileActions',
  component: ProfileActions,
  tags: ['autodocs'],
  args: { type: 'guests', profile: guest },
} satisfies Meta<typeof ProfileActions>;

export default meta;
type Story = StoryObj<typeof meta>;

export const SignedIn: Story = {
  decorators: [(Story) => <AsUser user={makeUser({ id: 50 })}>{<Story />}</AsUser>],
};
export const Visitor: Story = {
  decorators: [(Story) => <AsUser user={null}>{<Story />}</AsUser>],
};
export const Owner: Story = {
  decorators: [(Story) => <AsUser user={makeUser({ id: 9 })}>{<Story />}</AsUser>],
};
export const NoBookingOptions: Story = {
  args: { profile: { ...guest, option_prices: [] } },
  decorators: [(Story) => <AsUser user={makeUser({ id: 50 })}>{<Story />}</AsUser>],
};
export const PitchDisabled: Story = {
  args: { profile: { ...guest, pitch_settings: { is_enabled: false, price: null } } },
  decorators: [(Story) => <AsUser user={makeUser({ id: 50 })}>{<Story />}</AsUser>],
};

const noop = () => undefined;

export const InquiryDialogOpen: Story = {
  decorators: [(Story) => <AsUser user={makeUser({ id: 50 })}>{<Story />}</AsUser>],
  render: () => (
    <InquiryDialog open onClose={noop} profile={{ id: 5, name: 'Maya Brooks', type: 'guest' }} />
  ),
};
export const AvailabilityDialogOpen: Story = {
  render: () => (
    <AvailabilityRequestDialog
      open
      onClose={noop}
      type="guests"
      profile={{ id: 5, name: 'Maya Brooks' }}
    />
  ),
};
export const NoBookingOptionsDialogOpen: Story = {
  render: () => <NoBookingOptionsDialog open onClose={noop} profile={{ id: 8, type: 'show' }} />,
};
export const PitchingDialogOpen: Story = {
  render: () => (
    <PitchDialog open name="Maya Brooks" price={2500} onContinue={noop} onCancel={noop} />
  ),
};
