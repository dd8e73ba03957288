import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { type Recording } from '@guestspot/shared-api';
import { uploadRecording } from '@guestspot/shared-api/recordings';
import {
  makePublicMiniview,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import { installFakeMedia, type FakeMedia } from '@guestspot/shared-ui/recorder/testing';
import { useAnswerDraftStore } from '../stores/answer-draft-store';
import { AnswerQuestionsPage } from './answer-questions-page';

// The page with shared-ui's own recorder, on a fake camera and microphone: what the e2e test does
// in Chromium. The upload is shared-api's (tested there); here it answers at once.
jest.mock('@guestspot/shared-api/recordings', () => ({
  ...jest.requireActual<object>('@guestspot/shared-api/recordings'),
  uploadRecording: jest.fn(),
}));
const upload = jest.mocked(uploadRecording);

setupMswServer();
const miniview = makePublicMiniview();
const UUID = miniview.uuid;
const stored: Recording = {
  uuid: 'bbbbbbbb-0000-4000-8000-000000000001',
  url: '/api/v1/media/bbbbbbbb-0000-4000-8000-000000000001',
  mime_type: 'video/webm',
  size: 10,
  type: 'video',
};
let media: FakeMedia;

beforeEach(() => {
  setSession(null);
  sessionStorage.clear();
  useAnswerDraftStore.setState({ drafts: { [UUID]: { name: 'Lena Fischer', answers: {} } } });
  media = installFakeMedia();
  upload.mockReset();
  upload.mockResolvedValue(stored);
  server.use(
    http.get(`*/api/v1/miniviews/public/${UUID}`, () => HttpResponse.json({ data: miniview })),
  );
});
afterEach(() => media.restore());

it('records an answer with the recorder, and shows it again without a new upload', async () => {
  renderWithProviders(<AnswerQuestionsPage />, {
    route: `/miniviews/${UUID}/questions`,
    path: '/miniviews/:uuid/questions',
  });
  const recorder = await screen.findByRole('group', { name: 'Record your answer' });
  // Each state has its own button: the one found before the camera was on is gone.
  const start = () => within(recorder).getByRole('button', { name: 'Start recording' });
  await waitFor(() => expect(start()).toBeEnabled());
  expect(within(recorder).getByRole('radio', { name: 'Video' })).toBeChecked();
  expect(within(recorder).getByRole('radio', { name: 'Audio' })).toBeInTheDocument();
  await userEvent.click(start());
  await userEvent.click(within(recorder).getByRole('button', { name: 'Stop recording' }));
  await userEvent.click(await within(recorder).findByRole('button', { name: 'Save answer' }));

  const steps = within(screen.getByRole('navigation', { name: 'Questions' }));
  expect(await steps.findByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
  expect(upload).toHaveBeenCalledTimes(1);
  expect(upload).toHaveBeenCalledWith(
    expect.any(Blob),
    expect.objectContaining({ type: 'video', miniviewUuid: UUID }),
  );
  expect(useAnswerDraftStore.getState().drafts[UUID]?.answers).toEqual({
    11: { uuid: stored.uuid, url: stored.url, type: 'video' },
  });

  await userEvent.click(screen.getByRole('button', { name: 'Next' }));
  await screen.findByRole('heading', { level: 2, name: 'Question 2 of 2' });
  await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
  await screen.findByRole('heading', { level: 2, name: 'Question 1 of 2' });
  // The saved recording is shown from the server, kept with Save answer, not sent again.
  const again = await screen.findByRole('group', { name: 'Record your answer' });
  expect(within(again).getByLabelText('Your recording')).toHaveAttribute('src', stored.url);
  await userEvent.click(within(again).getByRole('button', { name: 'Save answer' }));
  expect(upload).toHaveBeenCalledTimes(1);
  expect(steps.getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
});
