import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makePublicMiniview, makeUser, QueryData } from '@guestspot/shared-api/stories';
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

const withMiniview = (Story: () => React.ReactNode) => (
  <QueryData entries={[[queryKeys.publicMiniview(miniview.uuid), { data: miniview }]]}>
    <Story />
  </QueryData>
);

export const Default: Story = { decorators: [withMiniview] };

/** Signed in: the name field starts with the account's name. */
export const SignedIn: Story = {
  decorators: [
    withMiniview,
    (Story) => (
      <AsUser user={makeUser({ first_name: 'Ada', last_name: 'Lovelace' })}>{<Story />}</AsUser>
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
