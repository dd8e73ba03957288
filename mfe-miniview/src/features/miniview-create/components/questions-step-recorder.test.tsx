import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { type Recording } from '@guestspot/shared-api';
import { uploadRecording } from '@guestspot/shared-api/recordings';
import { setupMswServer } from '@guestspot/shared-api/testing';
import { installFakeMedia, type FakeMedia } from '@guestspot/shared-ui/recorder/testing';
import { useMiniviewDraftStore } from '../stores/miniview-draft-store';
import { pro, renderCreation, resetCreation, setDraft } from './test-support';

// Step 2 with shared-ui's own recorder on a fake camera and microphone (what the e2e test does
// in Chromium). The upload is shared-api's (tested there); here it answers at once.
jest.mock('@guestspot/shared-api/recordings', () => ({
  ...jest.requireActual<object>('@guestspot/shared-api/recordings'),
  uploadRecording: jest.fn(),
}));
const upload = jest.mocked(uploadRecording);

setupMswServer();
const stored: Recording = {
  uuid: 'cccccccc-0000-4000-8000-000000000001',
  url: '/api/v1/media/cccccccc-0000-4000-8000-000000000001',
  mime_type: 'video/webm',
  size: 10,
  type: 'video',
};
let media: FakeMedia;

beforeEach(() => {
  resetCreation();
  media = installFakeMedia();
  upload.mockReset();
  upload.mockResolvedValue(stored);
});
afterEach(() => media.restore());

it("records a question's video as the owner's own recording, loading the recorder only when asked", async () => {
  setDraft({ title: 'Founder stories', questions: [] });
  renderCreation('/miniviews-create/questions');
  await screen.findByRole('textbox', { name: /^Question 1/ });
  expect(screen.queryByRole('group', { name: 'Record question 1' })).not.toBeInTheDocument();

  await userEvent.click(
    screen.getByRole('button', { name: 'Record a video or audio for question 1' }),
  );
  const recorder = await screen.findByRole('group', { name: 'Record question 1' });
  const start = () => within(recorder).getByRole('button', { name: 'Start recording' });
  await waitFor(() => expect(start()).toBeEnabled());
  await userEvent.click(start());
  await userEvent.click(within(recorder).getByRole('button', { name: 'Stop recording' }));
  await userEvent.click(
    await within(recorder).findByRole('button', { name: 'Use this recording' }),
  );

  expect(await screen.findByLabelText('Question 1 recording')).toHaveAttribute('src', stored.url);
  expect(screen.queryByRole('group', { name: 'Record question 1' })).not.toBeInTheDocument();
  expect(upload).toHaveBeenCalledTimes(1);
  // The owner's recording (POST /users/me/recordings): no MINIVIEW to name yet.
  expect(upload).toHaveBeenCalledWith(expect.any(Blob), expect.objectContaining({ type: 'video' }));
  expect(upload.mock.calls[0]![1]).not.toHaveProperty('miniviewUuid');
  expect(useMiniviewDraftStore.getState().drafts[pro.id]?.questions[0]?.recording).toEqual({
    uuid: stored.uuid,
    url: stored.url,
    type: 'video',
  });
});
