import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys, type MiniviewDetail } from '@guestspot/shared-api';
import { AsUser, makeUser, QueryData } from '@guestspot/shared-api/stories';
import { MiniviewDetailPage } from './miniview-detail-page';

const miniview: MiniviewDetail = {
  id: 7,
  uuid: '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30',
  title: 'Founder story questions',
  created_at: '2026-11-05T11:00:00Z',
  questions: [
    {
      id: 11,
      body: 'What problem made you start the company?',
      question_media_url: null,
      question_media_type: null,
    },
    {
      id: 12,
      body: 'What would you tell yourself on day one?',
      question_media_url: null,
      question_media_type: null,
    },
  ],
  answer_groups: [
    {
      id: 21,
      name: 'Lena Fischer',
      created_at: '2026-11-15T12:00:00Z',
      answers: [
        { question_id: 11, url: '/api/v1/media/demo-video', type: 'video' },
        { question_id: 12, url: '/api/v1/media/demo-audio', type: 'audio' },
      ],
    },
    { id: 22, name: 'Marco Rossi', created_at: '2026-11-16T12:00:00Z', answers: [] },
  ],
};

const withData = (data: MiniviewDetail) => (Story: () => React.ReactNode) => (
  <QueryData entries={[[queryKeys.miniview(7), { data }]]}>
    <Story />
  </QueryData>
);

const meta = {
  title: 'Screens/MINIVIEW/MINIVIEW detail',
  component: MiniviewDetailPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { tab: 'questions', miniviewId: 7 },
  decorators: [(Story) => <AsUser user={makeUser({ account_type: 'pro' })}>{<Story />}</AsUser>],
} satisfies Meta<typeof MiniviewDetailPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Questions: Story = { decorators: [withData(miniview)] };

export const Answers: Story = { args: { tab: 'answers' }, decorators: [withData(miniview)] };

export const NoAnswersYet: Story = {
  args: { tab: 'answers' },
  decorators: [withData({ ...miniview, answer_groups: [] })],
};

export const OneAnswer: Story = {
  args: { tab: 'answer-group', answerGroupId: 21 },
  decorators: [withData(miniview)],
};

/** On a phone: the link box and Copy wrap, the tabs stay on one line. */
export const Phone: Story = {
  ...Questions,
  globals: { viewport: { value: 'phone', isRotated: false } },
};

export const Loading: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.miniview(7), { loading: true }]]}>
        <Story />
      </QueryData>
    ),
  ],
};

export const LoadFailed: Story = {
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.miniview(7), { error: 'Network error' }]]}>
        <Story />
      </QueryData>
    ),
  ],
};
