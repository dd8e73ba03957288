import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { fn } from 'storybook/test';
import { Button } from '../button/button';
import { openProFeatureDialog, ProFeatureDialogHost } from '../app/pro-feature-dialog-store';
import { ProFeatureDialog } from './pro-feature-dialog';

const meta = {
  title: 'Overlays/ProFeatureDialog',
  component: ProFeatureDialog,
  tags: ['autodocs'],
  args: { open: true, onClose: fn() },
  parameters: { docs: { story: { inline: false, iframeHeight: 320 } } },
} satisfies Meta<typeof ProFeatureDialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** 'This is a Pro feature' with both actions going to /settings#pro-subscription. */
export const Default: Story = {};

export const WithFeatureMessage: Story = {
  args: { message: 'Audio and video pitches are part of Pro.' },
};

/** The app-wide API: any remote calls openProFeatureDialog(); the shell hosts the dialog. */
export const Imperative: Story = {
  args: { open: false },
  render: () => (
    <>
      <Button onClick={() => openProFeatureDialog()}>Add an upsell package</Button>
      <ProFeatureDialogHost />
    </>
  ),
};
