import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makePublicMiniview, QueryData } from '@guestspot/shared-api/stories';
import { AnswerNamePage } from './answer-name-page';

const miniview = makePublicMiniview();

const meta = {
  title: 'Screens/MINIVIEW/Answer: name',
  component: AnswerNamePage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { uuid: miniview.uuid },
  decorators: [(Story) => <AsUser user={null}>{<Story />}</AsUser>],
} satisfies Meta<typeof AnswerNamePage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Default: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.publicMiniview(miniview.uuid), { data: miniview }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const Phone: Story = {
  ...Default,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.publicMiniview(miniview.uuid), { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

/** A link that names no MINIVIEW (a 404 from the server looks the same). */
export const NotFound: Story = { args: { uuid: 'not-a-miniview-link' } };

export const LoadFailed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.publicMiniview(miniview.uuid), { error: 'Network error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
