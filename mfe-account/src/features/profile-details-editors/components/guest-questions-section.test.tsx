import { useQuery } from '@tanstack/react-query';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import { queryKeys } from '@guestspot/shared-api';
import { getGuestDetail } from '@guestspot/shared-api/guests';
import { makeGuest, server } from '@guestspot/shared-api/testing';
import { GuestQuestionsSection } from './guest-questions-section';
import { renderEditor, setupEditorTest } from './editor-test-setup';

setupEditorTest();

const URL = '*/api/v1/guests/7';
const profile = makeGuest({ id: 7, name: 'Priya Patel', slug: 'priya-patel' });
let questions: string[];
let sent: unknown[];

/** GET answers the detail; PUT the profile without the lists, as the API does. */
const serve = (answered: Promise<void> = Promise.resolve()) =>
  server.use(
    http.get(URL, () =>
      HttpResponse.json({
        data: { ...profile, experience: [], topics: [], questions, reviews_count: 0 },
      }),
    ),
    http.put(URL, async ({ request }) => {
      const body = (await request.json()) as { questions?: string[] };
      sent.push(body);
      await answered;
      questions = body.questions ?? questions;
      return HttpResponse.json({ data: profile });
    }),
  );

beforeEach(() => {
  questions = ['Who listens to your show?', 'What should we talk about?'];
  sent = [];
  serve();
});

/** The guest's profile as the booking flow's MINIVIEW questions step reads it. */
function BookingFlowQuestions() {
  const booked = useQuery({
    queryKey: queryKeys.bookingProfile('guest', 7),
    queryFn: () => getGuestDetail(7, ['booking_options']),
  });
  return (
    <ul aria-label="Booking flow questions">
      {booked.data?.questions.map((question) => (
        <li key={question}>{question}</li>
      ))}
    </ul>
  );
}

const renderSection = () => renderEditor(<GuestQuestionsSection profileId={7} />, '/details/guest');

const panel = () => screen.getByRole('group', { name: 'Your questions' });
const form = () => screen.getByRole('form', { name: 'Your questions' });
const question = (n: number) => within(form()).getByRole('textbox', { name: `Question ${n}` });
const texts = (list: HTMLElement) =>
  within(list)
    .queryAllByRole('listitem')
    .map((item) => item.textContent);

function unprocessable(errors: Record<string, string[]>) {
  server.use(
    http.put(URL, () =>
      HttpResponse.json({ message: 'The given data was invalid.', errors }, { status: 422 }),
    ),
  );
}

describe('Your questions', () => {
  it('shows the saved questions in order, with what they are for', async () => {
    const { container } = renderSection();
    expect(screen.getByText('Loading your questions')).toBeInTheDocument();
    expect(await screen.findByText('Who listens to your show?')).toBeInTheDocument();
    expect(texts(within(panel()).getByRole('list'))).toEqual([
      'Who listens to your show?',
      'What should we talk about?',
    ]);
    expect(
      screen.getByText(/Shows that book you answer these in writing before they pay/),
    ).toBeInTheDocument();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says when there are none', async () => {
    questions = [];
    renderSection();
    expect(await screen.findByText('No questions added yet.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Your questions' }));
    expect(question(1)).toHaveFocus();
    expect(question(1)).toHaveValue('');
  });

  it('counts the characters of each question', async () => {
    const { container } = renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Your questions' }));
    expect(question(1)).toHaveAccessibleDescription('25 of 300 characters');
    await userEvent.type(question(1), ' Really?');
    expect(question(1)).toHaveAccessibleDescription('33 of 300 characters');
    expect(question(1)).toHaveAttribute('maxlength', '300');
    expect(await axe(container)).toHaveNoViolations();
  });

  it('saves exactly the questions, trimmed, blanks and repeats dropped; Save waits', async () => {
    let release = () => {};
    serve(new Promise<void>((resolve) => (release = resolve)));
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Your questions' }));
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 1' }));
    expect(screen.getByRole('button', { name: 'Add question' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    expect(question(2)).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.click(screen.getByRole('button', { name: 'Add question' }));
    await userEvent.type(question(3), '  How did you start?  ');
    await userEvent.type(question(4), 'What should we talk about?');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(within(form()).getByRole('button', { name: 'Save' })).toBeDisabled();
    expect(within(form()).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();

    expect(await screen.findByText('Your questions saved.')).toBeInTheDocument();
    expect(sent).toEqual([{ questions: ['What should we talk about?', 'How did you start?'] }]);
    expect(texts(within(panel()).getByRole('list'))).toEqual([
      'What should we talk about?',
      'How did you start?',
    ]);
  });

  it('leaves the booking flow no stale copy of the questions', async () => {
    renderEditor(
      <>
        <GuestQuestionsSection profileId={7} />
        <BookingFlowQuestions />
      </>,
      '/details/guest',
    );
    const booked = screen.getByRole('list', { name: 'Booking flow questions' });
    await waitFor(() =>
      expect(texts(booked)).toEqual(['Who listens to your show?', 'What should we talk about?']),
    );
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Your questions' }));
    await userEvent.clear(question(2));
    await userEvent.type(question(2), 'Where can people find you?');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    await waitFor(() =>
      expect(texts(booked)).toEqual(['Who listens to your show?', 'Where can people find you?']),
    );
  });

  it('puts a 422 on questions.1 on that question, toasts and keeps the draft', async () => {
    unprocessable({ 'questions.1': ['The question may not be greater than 300 characters.'] });
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Your questions' }));
    await userEvent.type(question(2), ' Tell us.');
    await userEvent.click(within(form()).getByRole('button', { name: 'Save' }));

    expect(
      await screen.findByText('The question may not be greater than 300 characters.'),
    ).toBeInTheDocument();
    expect(question(2)).toHaveAttribute('aria-invalid', 'true');
    expect(question(2)).toHaveAccessibleDescription(
      /The question may not be greater than 300 characters\./,
    );
    expect(question(1)).not.toHaveAttribute('aria-invalid');
    expect(question(2)).toHaveValue('What should we talk about? Tell us.');
    expect(screen.getByText('Error! Something went wrong.')).toBeInTheDocument();
  });

  it('stops adding at 10 questions', async () => {
    questions = Array.from({ length: 10 }, (_, i) => `Question number ${i + 1}?`);
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Your questions' }));
    const add = screen.getByRole('button', { name: 'Add question' });
    expect(add).toBeDisabled();
    expect(add).toHaveAccessibleDescription('10 of 10 questions');
    await userEvent.click(screen.getByRole('button', { name: 'Remove question 10' }));
    expect(add).toBeEnabled();
  });

  it('Cancel leaves the saved questions as they were', async () => {
    renderSection();
    await userEvent.click(await screen.findByRole('button', { name: 'Edit Your questions' }));
    await userEvent.clear(question(1));
    await userEvent.click(within(form()).getByRole('button', { name: 'Cancel' }));
    expect(screen.getByRole('button', { name: 'Edit Your questions' })).toHaveFocus();
    await userEvent.click(screen.getByRole('button', { name: 'Edit Your questions' }));
    expect(question(1)).toHaveValue('Who listens to your show?');
    expect(sent).toEqual([]);
  });

  it('says when the profile cannot be loaded, and Retry loads it', async () => {
    let fail = true;
    server.use(
      http.get(URL, () =>
        fail
          ? HttpResponse.json({ message: 'Server Error' }, { status: 500 })
          : HttpResponse.json({
              data: { ...profile, experience: [], topics: [], questions, reviews_count: 0 },
            }),
      ),
    );
    renderSection();
    expect(
      await screen.findByText('Your questions could not be loaded.', {}, { timeout: 8000 }),
    ).toBeInTheDocument();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: /Retry|Try again/ }));
    expect(await screen.findByText('Who listens to your show?')).toBeInTheDocument();
  });
});
