import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { axe } from 'jest-axe';
import type { MiniviewDetail } from '@guestspot/shared-api';
import type { NewMiniviewPayload } from '@guestspot/shared-api/miniviews';
import { makeUser, server, setupMswServer } from '@guestspot/shared-api/testing';
import { useSubscribeDialogStore } from '@guestspot/shared-ui';
import { useMiniviewDraftStore } from '../stores/miniview-draft-store';
import { FAKE_RECORDING } from './fake-recorder';
import { MAX_QUESTIONS, NO_QUESTIONS_MESSAGE, QUESTIONS_LIMIT_MESSAGE } from './questions-step';
import { pro, renderCreation, resetCreation, setDraft } from './test-support';

jest.mock(
  '@guestspot/shared-ui/recorder',
  () =>
    jest.requireActual<typeof import('./fake-recorder')>('./fake-recorder').fakeRecorderModule(),
  { virtual: true },
);

setupMswServer();
beforeEach(resetCreation);

const UUID = '6f1c1b1e-6a53-4b2f-9a44-0c4b8d1e2f30';

function created(payload: NewMiniviewPayload): MiniviewDetail {
  return {
    id: 42,
    uuid: UUID,
    title: payload.title,
    created_at: '2026-11-26T10:00:00Z',
    questions: payload.questions.map((question, index) => ({
      id: index + 1,
      body: question.body,
      question_media_url: null,
      question_media_type: null,
    })),
    answer_groups: [],
  };
}

/** Answers POST /miniviews with `reply`, keeping what was sent. */
function onCreate(reply: (payload: NewMiniviewPayload) => Response | Promise<Response>) {
  const sent: NewMiniviewPayload[] = [];
  server.use(
    http.post('*/api/v1/miniviews', async ({ request }) => {
      const payload = (await request.json()) as NewMiniviewPayload;
      sent.push(payload);
      return reply(payload);
    }),
  );
  return sent;
}

const questionFields = () => screen.getAllByLabelText(/^Question \d+/, { selector: 'textarea' });

describe('/miniviews-create/questions (step 2)', () => {
  it('sends a visit without a title back to step 1', async () => {
    const { router } = renderCreation('/miniviews-create/questions');
    await waitFor(() => expect(router.state.location.pathname).toBe('/miniviews-create'));
    expect(await screen.findByLabelText(/^Title/)).toBeInTheDocument();
  });

  it('adds, edits, reorders and removes questions, then creates the MINIVIEW and shows its link', async () => {
    setDraft({ title: 'Founder stories', questions: [] });
    const sent = onCreate((payload) =>
      HttpResponse.json({ data: created(payload) }, { status: 201 }),
    );
    const user = userEvent.setup();
    const { router, container } = renderCreation('/miniviews-create/questions');

    await user.type(
      await screen.findByLabelText(/^Question 1/, { selector: 'textarea' }),
      'Why did you start?',
    );
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    // The new question's text takes the focus.
    expect(screen.getByLabelText(/^Question 2/, { selector: 'textarea' })).toHaveFocus();
    await user.keyboard('What went wrong first?');
    await user.click(screen.getByRole('button', { name: 'Add a question' }));
    await user.keyboard('Who helped most?');
    expect(screen.getByText('3 of 20 questions.')).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();

    // Move the first question down twice by keyboard: focus follows it.
    await user.click(screen.getByRole('button', { name: 'Move down question 1' }));
    expect(questionFields().map((field) => (field as HTMLTextAreaElement).value)).toEqual([
      'What went wrong first?',
      'Why did you start?',
      'Who helped most?',
    ]);
    expect(screen.getByRole('button', { name: 'Move down question 2' })).toHaveFocus();
    await user.keyboard('{Enter}');
    // Last now: Move down does nothing there, so focus goes to its Move up.
    expect(screen.getByRole('button', { name: 'Move down question 3' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Move up question 3' })).toHaveFocus();
    expect(screen.getByRole('status', { name: '' })).toHaveTextContent(
      'Question 2 moved to position 3.',
    );
    await user.click(screen.getByRole('button', { name: 'Move up question 2' }));
    expect(questionFields().map((field) => (field as HTMLTextAreaElement).value)).toEqual([
      'Who helped most?',
      'What went wrong first?',
      'Why did you start?',
    ]);
    expect(screen.getByRole('button', { name: 'Move up question 1' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Remove question 2' }));
    expect(questionFields()).toHaveLength(2);
    await user.clear(screen.getByLabelText(/^Question 1/, { selector: 'textarea' }));
    await user.type(
      screen.getByLabelText(/^Question 1/, { selector: 'textarea' }),
      'Who helped you most?',
    );

    await user.click(screen.getByRole('button', { name: 'Create MINIVIEW™' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/miniviews-create/success'));
    expect(sent).toEqual([
      {
        title: 'Founder stories',
        questions: [
          { body: 'Who helped you most?', media_uuid: null },
          { body: 'Why did you start?', media_uuid: null },
        ],
      },
    ]);
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Your MINIVIEW™ is ready' }),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Shareable link')).toHaveValue(
      `${window.location.origin}/miniviews/${UUID}`,
    );
    // The draft became the MINIVIEW: a new creation starts empty.
    expect(useMiniviewDraftStore.getState().drafts[pro.id]).toBeUndefined();
    // A long journey (typing, axe): on a busy machine it needs more than Jest's 5 s.
  }, 20_000);

  it('takes focus to Add a question when the last question goes, and asks for one', async () => {
    setDraft({
      title: 'Founder stories',
      questions: [{ key: 'a', body: 'Only', recording: null }],
    });
    const sent = onCreate((payload) => HttpResponse.json({ data: created(payload) }));
    const user = userEvent.setup();
    renderCreation('/miniviews-create/questions');
    await user.click(await screen.findByRole('button', { name: 'Remove question 1' }));
    expect(screen.queryByRole('listitem')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add a question' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Create MINIVIEW™' }));
    expect(await screen.findByText(NO_QUESTIONS_MESSAGE)).toBeInTheDocument();
    expect(sent).toHaveLength(0);
  });

  it('says a question is required and keeps the page', async () => {
    setDraft({ title: 'Founder stories', questions: [] });
    const sent = onCreate((payload) => HttpResponse.json({ data: created(payload) }));
    const user = userEvent.setup();
    renderCreation('/miniviews-create/questions');
    await user.click(await screen.findByRole('button', { name: 'Create MINIVIEW™' }));
    expect(await screen.findByText('Question is required')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Question 1/, { selector: 'textarea' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(sent).toHaveLength(0);
  });

  it('records a video for a question and sends its upload with it', async () => {
    setDraft({ title: 'Founder stories', questions: [] });
    const sent = onCreate((payload) =>
      HttpResponse.json({ data: created(payload) }, { status: 201 }),
    );
    const user = userEvent.setup();
    renderCreation('/miniviews-create/questions');
    await user.type(
      await screen.findByLabelText(/^Question 1/, { selector: 'textarea' }),
      'Watch this first.',
    );
    await user.click(
      screen.getByRole('button', { name: 'Record a video or audio for question 1' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Use this recording' }));
    expect(screen.getByLabelText('Question 1 recording')).toHaveAttribute(
      'src',
      FAKE_RECORDING.url,
    );
    expect(screen.getByRole('button', { name: 'Record again for question 1' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Create MINIVIEW™' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.questions).toEqual([
      { body: 'Watch this first.', media_uuid: FAKE_RECORDING.uuid },
    ]);
  });

  it('removes a saved recording from its question', async () => {
    setDraft({
      title: 'Founder stories',
      questions: [{ key: 'a', body: 'Listen first.', recording: { ...FAKE_RECORDING } }],
    });
    const user = userEvent.setup();
    renderCreation('/miniviews-create/questions');
    expect(await screen.findByLabelText('Question 1 recording')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove the recording of question 1' }));
    expect(screen.queryByLabelText('Question 1 recording')).not.toBeInTheDocument();
    expect(useMiniviewDraftStore.getState().drafts[pro.id]?.questions[0]?.recording).toBeNull();
  });

  it('keeps the questions and their recordings across a remount', async () => {
    setDraft({ title: 'Founder stories', questions: [] });
    const user = userEvent.setup();
    const { unmount } = renderCreation('/miniviews-create/questions');
    await user.type(await screen.findByLabelText(/^Question 1/, { selector: 'textarea' }), 'Kept?');
    await user.click(
      screen.getByRole('button', { name: 'Record a video or audio for question 1' }),
    );
    await user.click(await screen.findByRole('button', { name: 'Use this recording' }));
    unmount();

    renderCreation('/miniviews-create/questions');
    expect(await screen.findByLabelText(/^Question 1/, { selector: 'textarea' })).toHaveValue(
      'Kept?',
    );
    expect(screen.getByLabelText('Question 1 recording')).toHaveAttribute(
      'src',
      FAKE_RECORDING.url,
    );
  });

  it('puts the server’s field errors on the fields: a refused title back on step 1', async () => {
    setDraft({ title: 'Founder stories', questions: [] });
    onCreate(() =>
      HttpResponse.json(
        {
          message: 'The title field must not be longer than 255 characters.',
          errors: { title: ['The title field must not be longer than 255 characters.'] },
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    const { router } = renderCreation('/miniviews-create/questions');
    await user.type(await screen.findByLabelText(/^Question 1/, { selector: 'textarea' }), 'Why?');
    await user.click(screen.getByRole('button', { name: 'Create MINIVIEW™' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/miniviews-create'));
    const title = await screen.findByLabelText(/^Title/);
    expect(title).toHaveAttribute('aria-invalid', 'true');
    expect(title).toHaveAccessibleDescription(
      expect.stringContaining('The title field must not be longer than 255 characters.'),
    );
    // Nothing typed is lost.
    expect(title).toHaveValue('Founder stories');
    expect(useMiniviewDraftStore.getState().drafts[pro.id]?.questions[0]?.body).toBe('Why?');
  });

  it('puts a refused question’s error under that question', async () => {
    setDraft({
      title: 'Founder stories',
      questions: [
        { key: 'a', body: 'First', recording: null },
        { key: 'b', body: 'Second', recording: { ...FAKE_RECORDING } },
      ],
    });
    onCreate(() =>
      HttpResponse.json(
        {
          message: 'The question media must be a recording you uploaded.',
          errors: {
            'questions.1.body': ['The questions.1.body field is required.'],
            'questions.1.media_uuid': ['The question media must be a recording you uploaded.'],
          },
        },
        { status: 422 },
      ),
    );
    const user = userEvent.setup();
    renderCreation('/miniviews-create/questions');
    await user.click(await screen.findByRole('button', { name: 'Create MINIVIEW™' }));
    const second = (await screen.findAllByRole('listitem'))[1]!;
    expect(
      await within(second).findByText('The questions.1.body field is required.'),
    ).toBeInTheDocument();
    expect(within(second).getByLabelText(/^Question 2/, { selector: 'textarea' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(
      within(second).getAllByText('The question media must be a recording you uploaded.').length,
    ).toBeGreaterThan(0);
    expect(
      within(screen.getAllByRole('listitem')[0]!).queryByRole('alert'),
    ).not.toBeInTheDocument();
  });

  it('opens the Subscribe dialog when the server says the account is not Pro (426)', async () => {
    setDraft({
      title: 'Founder stories',
      questions: [{ key: 'a', body: 'Why?', recording: null }],
    });
    onCreate(() =>
      HttpResponse.json(
        { message: 'Only PRO users have access to this feature.' },
        { status: 426 },
      ),
    );
    const user = userEvent.setup();
    renderCreation('/miniviews-create/questions');
    await user.click(await screen.findByRole('button', { name: 'Create MINIVIEW™' }));
    expect(
      await screen.findByText('Only PRO users have access to this feature.'),
    ).toBeInTheDocument();
    expect(useSubscribeDialogStore.getState().open).toBe(true);
    expect(screen.getByRole('button', { name: 'Create MINIVIEW™' })).toBeEnabled();
  });

  it('sends the questions again once the Subscribe dialog says the account is Pro', async () => {
    setDraft({
      title: 'Founder stories',
      questions: [{ key: 'a', body: 'Why?', recording: null }],
    });
    let subscribed = false;
    const sent = onCreate((payload) =>
      subscribed
        ? HttpResponse.json({ data: created(payload) }, { status: 201 })
        : HttpResponse.json(
            { message: 'Only PRO users have access to this feature.' },
            { status: 426 },
          ),
    );
    const user = userEvent.setup();
    const { router } = renderCreation('/miniviews-create/questions');
    await user.click(await screen.findByRole('button', { name: 'Create MINIVIEW™' }));
    await waitFor(() => expect(useSubscribeDialogStore.getState().open).toBe(true));
    subscribed = true;
    // What the shell's host does once mfe-account's form has subscribed.
    const { onSubscribed } = useSubscribeDialogStore.getState();
    act(() => onSubscribed?.(makeUser({ id: pro.id, account_type: 'pro' })));
    await waitFor(() => expect(router.state.location.pathname).toBe('/miniviews-create/success'));
    expect(sent).toHaveLength(2);
  });

  it('is busy while saving', async () => {
    setDraft({
      title: 'Founder stories',
      questions: [{ key: 'a', body: 'Why?', recording: null }],
    });
    onCreate(async (payload) => {
      await delay(200);
      return HttpResponse.json({ data: created(payload) }, { status: 201 });
    });
    const user = userEvent.setup();
    const { router } = renderCreation('/miniviews-create/questions');
    await user.click(await screen.findByRole('button', { name: 'Create MINIVIEW™' }));
    expect(screen.getByRole('button', { name: 'Create MINIVIEW™' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add a question' })).toBeDisabled();
    await waitFor(() => expect(router.state.location.pathname).toBe('/miniviews-create/success'));
  });

  it(`stops at the server's limit of ${MAX_QUESTIONS} questions and says so`, async () => {
    setDraft({
      title: 'Founder stories',
      questions: Array.from({ length: MAX_QUESTIONS }, (_, index) => ({
        key: `q${index}`,
        body: `Question text ${index + 1}`,
        recording: null,
      })),
    });
    renderCreation('/miniviews-create/questions');
    const add = await screen.findByRole('button', { name: 'Add a question' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription(QUESTIONS_LIMIT_MESSAGE);
  });
});
