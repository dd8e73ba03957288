import { useEffect, useState, type ReactNode } from 'react';
import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { queryKeys } from '@guestspot/shared-api';
import { AsUser, makePublicMiniview, QueryData } from '@guestspot/shared-api/stories';
import { installFakeMedia } from '@guestspot/shared-ui/recorder/testing';
import { useAnswerDraftStore, type AnswerDraft } from '../stores/answer-draft-store';
import { AnswerQuestionsPage } from './answer-questions-page';

const miniview = makePublicMiniview({
  questions: [
    ...makePublicMiniview().questions,
    {
      id: 13,
      body: 'Where can listeners find you?',
      question_media_url: null,
      question_media_type: null,
    },
  ],
});
const video = { uuid: 'bbbbbbbb-0000-4000-8000-000000000001', url: '/api/v1/media/demo-video' };
const audio = { uuid: 'bbbbbbbb-0000-4000-8000-000000000002', url: '/api/v1/media/demo-audio' };

/** A fake camera and microphone (no prompt in Storybook), and the person's answers so far. */
function Answering({
  answers,
  children,
}: {
  answers: AnswerDraft['answers'];
  children: ReactNode;
}) {
  const [media] = useState(() => {
    useAnswerDraftStore.setState({
      drafts: { [miniview.uuid]: { name: 'Lena Fischer', answers } },
    });
    return installFakeMedia();
  });
  useEffect(() => () => media.restore(), [media]);
  return <>{children}</>;
}

const answering = (answers: AnswerDraft['answers']) =>
  function AnsweringDecorator(Story: () => ReactNode) {
    return (
      <Answering answers={answers}>
        <Story />
      </Answering>
    );
  };

const meta = {
  title: 'Screens/MINIVIEW/Answer: questions',
  component: AnswerQuestionsPage,
  tags: ['autodocs'],
  parameters: { layout: 'fullscreen' },
  args: { uuid: miniview.uuid },
  decorators: [
    (Story) => (
      <QueryData entries={[[queryKeys.publicMiniview(miniview.uuid), { data: miniview }]]}>
        <AsUser user={null}>
          <Story />
        </AsUser>
      </QueryData>
    ),
  ],
} satisfies Meta<typeof AnswerQuestionsPage>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The first question, nothing answered yet: the recorder asks for the camera. */
export const FirstQuestion: Story = { decorators: [answering({})] };

/** The first answered: the second question is shown, with its own audio. */
export const SecondQuestion: Story = {
  decorators: [answering({ 11: { ...video, type: 'video' } })],
};

/** Every question answered: the first is shown with its saved recording; Submit sends them. */
export const AllAnswered: Story = {
  decorators: [
    answering({
      11: { ...video, type: 'video' },
      12: { ...audio, type: 'audio' },
      13: { ...audio, type: 'audio' },
    }),
  ],
};

export const Phone: Story = {
  ...SecondQuestion,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
