import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { AsUser } from '@guestspot/shared-api/stories';
import type { DraftQuestion } from '../stores/miniview-draft-store';
import { MAX_QUESTIONS, QuestionsStepPage } from './questions-step';
import { storyUser, WithDraft } from './story-draft';

const questions: DraftQuestion[] = [
  { key: 'a', body: 'What problem made you start the company?', recording: null },
  {
    key: 'b',
    body: 'Listen to my story first: what would you tell yourself on day one?',
    recording: { uuid: 'demo-audio', url: '/api/v1/media/demo-audio', type: 'audio' },
  },
  { key: 'c', body: 'Who helped you most?', recording: null },
];

const withQuestions = (list: DraftQuestion[]) => (Story: () => React.ReactNode) => (
  <WithDraft draft={{ title: 'Founder stories', questions: list }}>
    <Story />
  </WithDraft>
);

const meta = {
  title: 'Screens/MINIVIEW/Create: 2. Questions',
  component: QuestionsStepPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  decorators: [
    (Story) => (
      <AsUser user={storyUser}>
        <Story />
      </AsUser>
    ),
  ],
} satisfies Meta<typeof QuestionsStepPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Arriving from step 1: one blank question to type into. */
export const FirstQuestion: Story = { decorators: [withQuestions([])] };

/** Three questions, the second with its own recording. */
export const SeveralQuestions: Story = { decorators: [withQuestions(questions)] };

/** At the server's limit: Add a question is off and says why. */
export const Full: Story = {
  decorators: [
    withQuestions(
      Array.from({ length: MAX_QUESTIONS }, (_, index) => ({
        key: `q${index}`,
        body: `Question text ${index + 1}`,
        recording: null,
      })),
    ),
  ],
};

export const Phone: Story = {
  ...SeveralQuestions,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
