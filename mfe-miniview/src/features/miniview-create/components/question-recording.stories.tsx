import type { Meta, StoryObj } from '@storybook/react-webpack5';
import { QuestionRecording } from './question-recording';

const meta = {
  title: 'Screens/MINIVIEW/Create: a question’s recording',
  component: QuestionRecording,
  tags: ['autodocs'],
  args: { number: 2, recording: null, error: undefined, onChange: () => undefined },
} satisfies Meta<typeof QuestionRecording>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Nothing recorded: the button opens the recorder (loaded only then). */
export const NoRecording: Story = {};

export const SavedVideo: Story = {
  args: { recording: { uuid: 'demo-video', url: '/api/v1/media/demo-video', type: 'video' } },
};

export const SavedAudio: Story = {
  args: { recording: { uuid: 'demo-audio', url: '/api/v1/media/demo-audio', type: 'audio' } },
};

/** The server refused the recording (422 on questions.1.media_uuid). */
export const Refused: Story = {
  args: {
    recording: { uuid: 'demo-video', url: '/api/v1/media/demo-video', type: 'video' },
    error: 'The question media must be a recording you uploaded.',
  },
};

export const Phone: Story = {
  ...SavedVideo,
  globals: { viewport: { value: 'phone', isRotated: false } },
};
