import { useState } from 'react';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import { type Recording } from '@guestspot/shared-api';
import { uploadRecording } from '@guestspot/shared-api/recordings';
import { type MiniviewAnswersPayload } from '@guestspot/shared-api/miniviews';
import {
  makePublicMiniview,
  renderWithProviders,
  server,
  setSession,
  setupMswServer,
} from '@guestspot/shared-api/testing';
import type { RecorderProps } from '@guestspot/shared-ui/recorder';
import { ANSWER_DRAFT_STORAGE_KEY, useAnswerDraftStore } from '../stores/answer-draft-store';
import { AnswerQuestionsPage } from './answer-questions-page';
import { AnswerSuccessPage } from './answer-success-page';

// The recorder has tests of its own (shared-ui, with a fake camera and MediaRecorder); here a
// stand-in records at a tap and hands the page's `upload` a recording, as the real one does.
jest.mock('@guestspot/shared-ui/recorder', () => ({
  Recorder: function StandInRecorder({
    types = ['video', 'audio'],
    upload,
    onSaved,
    value,
    maxSeconds,
    label,
  }: RecorderProps) {
    const [failed, setFailed] = useState(false);
    const record = async (type: 'audio' | 'video') => {
      try {
        const media = new Blob([`${type} answer`], { type: `${type}/webm` });
        const signal = new AbortController().signal;
        onSaved(await upload(media, { type, onProgress: () => undefined, signal }));
      } catch {
        setFailed(true);
      }
    };
    return (
      <div role="group" aria-label={label}>
        <p>Up to {maxSeconds} seconds</p>
        {value ? <p>Saved {value.type} answer</p> : null}
        {types.map((type) => (
          <button key={type} type="button" onClick={() => void record(type)}>
            Record {type}
          </button>
        ))}
        {failed ? <p role="alert">Not saved</p> : null}
      </div>
    );
  },
}));

// The resumable upload itself is shared-api's (tested there, and end to end); the page must hand
// it each recording with its type and this MINIVIEW.
jest.mock('@guestspot/shared-api/recordings', () => ({
  ...jest.requireActual<object>('@guestspot/shared-api/recordings'),
  uploadRecording: jest.fn(),
}));
const upload = jest.mocked(uploadRecording);

setupMswServer();
const miniview = makePublicMiniview();
const UUID = miniview.uuid;
let uploads = 0;

beforeEach(() => {
  setSession(null);
  sessionStorage.clear();
  useAnswerDraftStore.setState({ drafts: { [UUID]: { name: 'Lena Fischer', answers: {} } } });
  uploads = 0;
  upload.mockReset();
  upload.mockImplementation(async (_media, options): Promise<Recording> => {
    uploads += 1;
    const uuid = `bbbbbbbb-0000-4000-8000-00000000000${uploads}`;
    return {
      uuid,
      url: `/api/v1/media/${uuid}`,
      mime_type: `${options.type}/webm`,
      size: 12,
      type: options.type,
    };
  });
  server.use(
    http.get(`*/api/v1/miniviews/public/${UUID}`, () => HttpResponse.json({ data: miniview })),
    http.get('*/api/v1/sanctum/csrf-cookie', () => {
      document.cookie = 'XSRF-TOKEN=abc; path=/';
      return new HttpResponse(null, { status: 204 });
    }),
  );
});

function renderQuestions() {
  return renderWithProviders(<AnswerQuestionsPage />, {
    route: `/miniviews/${UUID}/questions`,
    path: '/miniviews/:uuid/questions',
    routes: [
      { path: '/miniviews/:uuid', element: <h1>Your name, please</h1> },
      { path: '/miniviews/:uuid/success', element: <AnswerSuccessPage /> },
    ],
  });
}

const steps = () => within(screen.getByRole('navigation', { name: 'Questions' }));
const questionHeading = (text: string) => screen.findByRole('heading', { level: 2, name: text });

async function recordAnswer(type: 'video' | 'audio') {
  const recorder = await screen.findByRole('group', { name: 'Record your answer' });
  await userEvent.click(within(recorder).getByRole('button', { name: `Record ${type}` }));
}

describe('/miniviews/:uuid/questions', () => {
  it('goes through the questions, each with its media, marked answered once recorded', async () => {
    const { container } = renderQuestions();
    expect(await questionHeading('Question 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('What problem made you start the company?')).toBeInTheDocument();
    expect(await screen.findByText('Up to 60 seconds')).toBeInTheDocument();
    expect(steps().getByRole('button', { name: 'Question 1, not answered' })).toHaveAttribute(
      'aria-current',
      'step',
    );
    expect(steps().getByRole('button', { name: 'Question 2, not answered' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Previous' })).not.toBeInTheDocument();
    expect(screen.getByText('0 of 2 answered')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    await recordAnswer('video');
    expect(
      await steps().findByRole('button', { name: 'Question 1, answered' }),
    ).toBeInTheDocument();
    expect(upload).toHaveBeenCalledWith(
      expect.any(Blob),
      expect.objectContaining({ type: 'video', miniviewUuid: UUID }),
    );
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await questionHeading('Question 2 of 2')).toHaveFocus();
    expect(screen.getByText('What would you tell yourself on day one?')).toBeInTheDocument();
    // The question's own recording, with the browser's controls.
    const media = screen.getByLabelText('Question 2 recording');
    expect(media.tagName).toBe('AUDIO');
    expect(media).toHaveAttribute('src', miniview.questions[1]?.question_media_url);
    expect(media).toHaveAttribute('controls');
    expect(screen.queryByRole('button', { name: 'Next' })).not.toBeInTheDocument();
    expect(screen.queryByText(/Saved/)).not.toBeInTheDocument();

    // Back to the first: its recording is there, not uploaded again.
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    expect(await questionHeading('Question 1 of 2')).toBeInTheDocument();
    expect(screen.getByText('Saved video answer')).toBeInTheDocument();
    await userEvent.click(steps().getByRole('button', { name: 'Question 2, not answered' }));
    expect(await questionHeading('Question 2 of 2')).toBeInTheDocument();
    expect(upload).toHaveBeenCalledTimes(1);
  });

  it('sends every answer under the name given, then thanks and forgets them', async () => {
    let sent: MiniviewAnswersPayload | undefined;
    server.use(
      http.post(`*/api/v1/miniviews/public/${UUID}/answers`, async ({ request }) => {
        sent = (await request.json()) as MiniviewAnswersPayload;
        return HttpResponse.json({ data: { id: 31 } }, { status: 201 });
      }),
    );
    renderQuestions();
    await recordAnswer('video');
    await steps().findByRole('button', { name: 'Question 1, answered' });
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    await recordAnswer('audio');
    await steps().findByRole('button', { name: 'Question 2, answered' });
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Thank you! Your answers were sent.' }),
    ).toBeInTheDocument();
    expect(sent).toEqual({
      name: 'Lena Fischer',
      answers: [
        { question_id: 11, media_uuid: 'bbbbbbbb-0000-4000-8000-000000000001' },
        { question_id: 12, media_uuid: 'bbbbbbbb-0000-4000-8000-000000000002' },
      ],
    });
    expect(useAnswerDraftStore.getState().drafts[UUID]).toBeUndefined();
  });

  it("says 'Answer every question.' and shows the first one unanswered, without sending", async () => {
    renderQuestions();
    await recordAnswer('video');
    await steps().findByRole('button', { name: 'Question 1, answered' });
    await userEvent.click(steps().getByRole('button', { name: 'Question 1, answered' }));
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Answer every question.');
    expect(await questionHeading('Question 2 of 2')).toBeInTheDocument();
    // No handler for the answers: a request would have failed the test.
  });

  it("shows the server's 'Answer every question.'", async () => {
    useAnswerDraftStore
      .getState()
      .saveAnswer(UUID, 11, { uuid: 'u1', url: '/m/u1', type: 'video' });
    useAnswerDraftStore
      .getState()
      .saveAnswer(UUID, 12, { uuid: 'u2', url: '/m/u2', type: 'audio' });
    server.use(
      http.post(`*/api/v1/miniviews/public/${UUID}/answers`, () =>
        HttpResponse.json(
          { message: 'Answer every question.', errors: { answers: ['Answer every question.'] } },
          { status: 422 },
        ),
      ),
    );
    renderQuestions();
    await questionHeading('Question 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Answer every question.');
    expect(screen.getByRole('heading', { level: 2, name: 'Question 1 of 2' })).toBeInTheDocument();
  });

  it('asks again for a recording the server refused, on its question', async () => {
    useAnswerDraftStore
      .getState()
      .saveAnswer(UUID, 11, { uuid: 'u1', url: '/m/u1', type: 'video' });
    useAnswerDraftStore
      .getState()
      .saveAnswer(UUID, 12, { uuid: 'u2', url: '/m/u2', type: 'audio' });
    server.use(
      http.post(`*/api/v1/miniviews/public/${UUID}/answers`, () =>
        HttpResponse.json(
          {
            message: 'The recording was not uploaded for this MINIVIEW.',
            errors: {
              'answers.1.media_uuid': ['The recording was not uploaded for this MINIVIEW.'],
            },
          },
          { status: 422 },
        ),
      ),
    );
    renderQuestions();
    await questionHeading('Question 1 of 2');
    await userEvent.click(screen.getByRole('button', { name: 'Submit answers' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The recording was not uploaded for this MINIVIEW.',
    );
    expect(await questionHeading('Question 2 of 2')).toBeInTheDocument();
    expect(steps().getByRole('button', { name: 'Question 2, not answered' })).toBeInTheDocument();
    expect(steps().getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
  });

  it('keeps the answers through a reload of the page', async () => {
    const { unmount } = renderQuestions();
    await recordAnswer('video');
    await steps().findByRole('button', { name: 'Question 1, answered' });
    unmount();

    // A reload: the page's memory is gone (emptying it writes through), sessionStorage is not.
    const stored = sessionStorage.getItem(ANSWER_DRAFT_STORAGE_KEY) ?? '';
    expect(stored).toContain('bbbbbbbb-0000-4000-8000-000000000001');
    useAnswerDraftStore.setState({ drafts: {} });
    sessionStorage.setItem(ANSWER_DRAFT_STORAGE_KEY, stored);
    await useAnswerDraftStore.persist.rehydrate();
    renderQuestions();
    // It opens on the first question still unanswered.
    expect(await questionHeading('Question 2 of 2')).toBeInTheDocument();
    expect(steps().getByRole('button', { name: 'Question 1, answered' })).toBeInTheDocument();
    expect(screen.getByText('1 of 2 answered')).toBeInTheDocument();
  });

  it('asks for the name first when there is none', async () => {
    useAnswerDraftStore.setState({ drafts: {} });
    renderQuestions();
    expect(await screen.findByRole('heading', { name: 'Your name, please' })).toBeInTheDocument();
  });

  it('says so when a recording is refused, and keeps the question unanswered', async () => {
    upload.mockRejectedValueOnce(new Error('offline'));
    renderQuestions();
    await recordAnswer('audio');
    expect(await screen.findByText('Not saved')).toBeInTheDocument();
    expect(steps().getByRole('button', { name: 'Question 1, not answered' })).toBeInTheDocument();
  });
});
