import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axe } from 'jest-axe';
import { http, HttpResponse } from 'msw';
import type { BookingQuestion } from '@guestspot/shared-api';
import { renderWithProviders, server, setupMswServer } from '@guestspot/shared-api/testing';
import { ConfirmHost, ToastHost, toast } from '@guestspot/shared-ui';
import { BookingQuestionsSection } from './booking-questions-section';
import type { ProfileSide } from '@guestspot/shared-api';

setupMswServer();

type QuestionType = BookingQuestion['type'];

/** The API's questions of one profile, kept as the server keeps them (positions renumbered). */
function fakeApi(
  kind: ProfileSide,
  profileId: number,
  seed: Partial<Record<QuestionType, string[]>>,
) {
  let nextId = 100;
  const rows: BookingQuestion[] = [];
  for (const type of ['booking', 'pitch'] as const) {
    (seed[type] ?? []).forEach((body, position) =>
      rows.push({ id: nextId++, type, body, position, profile_type: kind, profile_id: profileId }),
    );
  }
  const ofType = (type: QuestionType) =>
    rows.filter((row) => row.type === type).sort((a, b) => a.position - b.position);
  const renumber = (type: QuestionType, ordered: BookingQuestion[]) =>
    ordered.forEach((row, position) => {
      row.position = position;
    });
  const sent: { method: string; body?: unknown; type?: string | null }[] = [];
  const base = `*/api/v1/${kind}s/${profileId}/booking-questions`;
  server.use(
    http.get(base, ({ request }) => {
      const type = new URL(request.url).searchParams.get('type') as QuestionType;
      sent.push({ method: 'GET', type });
      return HttpResponse.json({ data: ofType(type) });
    }),
    http.post(base, async ({ request }) => {
      const body = (await request.json()) as { body: string; type: QuestionType };
      sent.push({ method: 'POST', body });
      const row: BookingQuestion = {
        id: nextId++,
        type: body.type,
        body: body.body,
        position: ofType(body.type).length,
        profile_type: kind,
        profile_id: profileId,
      };
      rows.push(row);
      return HttpResponse.json({ data: row }, { status: 201 });
    }),
    http.put(`${base}/:id`, async ({ request, params }) => {
      const body = (await request.json()) as { body?: string; position?: number };
      sent.push({ method: 'PUT', body });
      const row = rows.find((item) => item.id === Number(params.id));
      if (!row) return HttpResponse.json({ message: 'Not found.' }, { status: 404 });
      if (body.body !== undefined) row.body = body.body;
      if (body.position !== undefined) {
        const others = ofType(row.type).filter((item) => item !== row);
        others.splice(Math.min(body.position, others.length), 0, row);
        renumber(row.type, others);
      }
      return HttpResponse.json({ data: row });
    }),
    http.delete(`${base}/:id`, ({ params }) => {
      sent.push({ method: 'DELETE', body: Number(params.id) });
      const index = rows.findIndex((item) => item.id === Number(params.id));
      const [row] = rows.splice(index, 1);
      if (row) renumber(row.type, ofType(row.type));
      return new HttpResponse(null, { status: 204 });
    }),
  );
  return { sent, ofType };
}

function renderSection(kind: ProfileSide = 'guest', profileId = 7) {
  return renderWithProviders(
    <>
      <BookingQuestionsSection kind={kind} profileId={profileId} />
      <ConfirmHost />
      <ToastHost />
    </>,
  );
}

const bookingList = () => screen.getByRole('region', { name: 'Booking questions' });
const pitchList = () => screen.getByRole('region', { name: 'Pitch questions' });
const itemsOf = (region: HTMLElement) =>
  within(within(region).getByRole('list'))
    .getAllByRole('listitem')
    .map((item) => within(item).getByText((_, element) => element?.tagName === 'P').textContent);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=t; path=/';
  toast.clear();
});

describe('BookingQuestionsSection', () => {
  it('shows the booking and the pitch questions of a show apart, in order', async () => {
    const api = fakeApi('show', 3, {
      booking: ['What is your story?', 'Where are you based?'],
      pitch: ['Why our audience?'],
    });
    const { container } = renderSection('show', 3);
    expect(within(bookingList()).getByText('Loading booking questions')).toBeInTheDocument();
    await within(bookingList()).findByText('What is your story?');
    expect(itemsOf(bookingList())).toEqual(['What is your story?', 'Where are you based?']);
    expect(within(pitchList()).getByText(/asked of someone pitching to you/i)).toBeInTheDocument();
    expect(await within(pitchList()).findByText('Why our audience?')).toBeInTheDocument();
    expect(
      api.sent
        .filter((call) => call.method === 'GET')
        .map((call) => call.type)
        .sort(),
    ).toEqual(['booking', 'pitch']);
    expect(await axe(container)).toHaveNoViolations();
  });

  it('says when a list is empty and adds a question to it', async () => {
    const api = fakeApi('guest', 7, { booking: ['First?'] });
    renderSection();
    expect(await within(pitchList()).findByText('No pitch questions yet')).toBeInTheDocument();
    const pitch = within(pitchList());
    // Enter adds, as the Add button does
    await userEvent.type(pitch.getByLabelText(/New pitch question/), 'What will you pitch?{Enter}');
    expect(await pitch.findByText('What will you pitch?')).toBeInTheDocument();
    expect(api.sent).toContainEqual({
      method: 'POST',
      body: { body: 'What will you pitch?', type: 'pitch' },
    });
    // the field is empty again and keeps focus for the next one
    expect(pitch.getByLabelText(/New pitch question/)).toHaveValue('');
    expect(pitch.getByLabelText(/New pitch question/)).toHaveFocus();
    expect(api.ofType('pitch').map((row) => row.body)).toEqual(['What will you pitch?']);
  });

  it('refuses an empty or too long question with the shared messages', async () => {
    const api = fakeApi('guest', 7, {});
    renderSection();
    const booking = within(bookingList());
    await booking.findByText('No booking questions yet');
    await userEvent.click(booking.getByRole('button', { name: 'Add booking question' }));
    expect(await booking.findByText('Question is required')).toBeInTheDocument();
    const field = booking.getByLabelText(/New booking question/);
    await userEvent.click(field);
    await userEvent.paste('x'.repeat(1001));
    await userEvent.click(booking.getByRole('button', { name: 'Add booking question' }));
    expect(
      await booking.findByText('The question cannot exceed 1000 characters'),
    ).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(api.sent.some((call) => call.method === 'POST')).toBe(false);
  });

  it("puts the server's 422 (the 20-question limit) on the field", async () => {
    fakeApi('guest', 7, {});
    const message = 'A profile may have at most 20 booking questions.';
    server.use(
      http.post('*/api/v1/guests/7/booking-questions', () =>
        HttpResponse.json({ message, errors: { body: [message] } }, { status: 422 }),
      ),
    );
    renderSection();
    const booking = within(bookingList());
    await booking.findByText('No booking questions yet');
    await userEvent.type(booking.getByLabelText(/New booking question/), 'One more?');
    await userEvent.click(booking.getByRole('button', { name: 'Add booking question' }));
    expect(await booking.findByRole('alert')).toHaveTextContent(message);
    expect(booking.getByLabelText(/New booking question/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('offers no Add once a list holds 20 questions', async () => {
    fakeApi('guest', 7, {
      pitch: Array.from({ length: 20 }, (_, i) => `Pitch question ${i + 1}?`),
    });
    renderSection();
    const pitch = within(pitchList());
    await pitch.findByText('Pitch question 20?');
    expect(pitch.getByText(/A profile may have at most 20 pitch questions\./)).toBeInTheDocument();
    expect(pitch.queryByRole('button', { name: 'Add pitch question' })).not.toBeInTheDocument();
    // the other list is not full
    expect(
      within(bookingList()).getByRole('button', { name: 'Add booking question' }),
    ).toBeInTheDocument();
  });

  it('edits a question in place: Save sends it, Cancel keeps the old text', async () => {
    const api = fakeApi('guest', 7, { booking: ['Old text?', 'Second?'] });
    const { container } = renderSection();
    const booking = within(bookingList());
    await booking.findByText('Old text?');

    await userEvent.click(booking.getByRole('button', { name: 'Edit booking question 1' }));
    const field = booking.getByRole('textbox', { name: /^Booking question 1/ });
    expect(field).toHaveFocus();
    expect(await axe(container)).toHaveNoViolations();
    await userEvent.clear(field);
    await userEvent.type(field, 'Thrown away');
    await userEvent.click(booking.getByRole('button', { name: 'Cancel' }));
    expect(booking.getByText('Old text?')).toBeInTheDocument();
    expect(booking.getByRole('button', { name: 'Edit booking question 1' })).toHaveFocus();

    await userEvent.click(booking.getByRole('button', { name: 'Edit booking question 1' }));
    const again = booking.getByRole('textbox', { name: /^Booking question 1/ });
    await userEvent.clear(again);
    await userEvent.click(booking.getByRole('button', { name: 'Save' }));
    expect(await booking.findByText('Question is required')).toBeInTheDocument();
    await userEvent.type(again, 'New text?');
    await userEvent.click(booking.getByRole('button', { name: 'Save' }));
    expect(await booking.findByText('New text?')).toBeInTheDocument();
    expect(api.sent).toContainEqual({ method: 'PUT', body: { body: 'New text?' } });
    expect(api.ofType('booking').map((row) => row.body)).toEqual(['New text?', 'Second?']);
  });

  it('disables Save while the edit is saving and shows a 422 on the field', async () => {
    fakeApi('show', 3, { pitch: ['Pitch me?'] });
    let release: () => void = () => undefined;
    server.use(
      http.put('*/api/v1/shows/3/booking-questions/:id', async () => {
        await new Promise<void>((resolve) => {
          release = resolve;
        });
        return HttpResponse.json(
          {
            message: 'The body field must not be greater than 1000 characters.',
            errors: { body: ['The body field must not be greater than 1000 characters.'] },
          },
          { status: 422 },
        );
      }),
    );
    renderSection('show', 3);
    const pitch = within(pitchList());
    await userEvent.click(await pitch.findByRole('button', { name: 'Edit pitch question 1' }));
    await userEvent.type(pitch.getByRole('textbox', { name: /^Pitch question 1/ }), ' Really?');
    await userEvent.click(pitch.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(pitch.getByRole('button', { name: 'Save' })).toBeDisabled());
    expect(pitch.getByRole('button', { name: 'Cancel' })).toBeDisabled();
    release();
    expect(await pitch.findByRole('alert')).toHaveTextContent(
      'The body field must not be greater than 1000 characters.',
    );
    expect(pitch.getByRole('button', { name: 'Save' })).toBeEnabled();
  });

  it('moves a question up and down with focus following it', async () => {
    const api = fakeApi('guest', 7, { booking: ['A?', 'B?', 'C?'] });
    renderSection();
    const booking = within(bookingList());
    await booking.findByText('A?');
    expect(booking.getByRole('button', { name: 'Move up booking question 1' })).toBeDisabled();
    expect(booking.getByRole('button', { name: 'Move down booking question 3' })).toBeDisabled();

    await userEvent.click(booking.getByRole('button', { name: 'Move up booking question 3' }));
    expect(itemsOf(bookingList())).toEqual(['A?', 'C?', 'B?']);
    expect(booking.getByRole('button', { name: 'Move up booking question 2' })).toHaveFocus();
    expect(screen.getByText('Booking question moved to position 2 of 3.')).toBeInTheDocument();

    // keyboard: the focused button again, then at the top focus moves to Move down
    await userEvent.keyboard('{Enter}');
    expect(itemsOf(bookingList())).toEqual(['C?', 'A?', 'B?']);
    expect(booking.getByRole('button', { name: 'Move down booking question 1' })).toHaveFocus();

    await waitFor(() =>
      expect(api.ofType('booking').map((row) => row.body)).toEqual(['C?', 'A?', 'B?']),
    );
    expect(api.sent.filter((call) => call.method === 'PUT')).toEqual([
      { method: 'PUT', body: { position: 1 } },
      { method: 'PUT', body: { position: 0 } },
    ]);
  });

  it('puts the order back with a toast when a move is refused', async () => {
    fakeApi('guest', 7, { pitch: ['A?', 'B?'] });
    server.use(
      http.put('*/api/v1/guests/7/booking-questions/:id', () =>
        HttpResponse.json({ message: 'Server Error' }, { status: 500 }),
      ),
    );
    renderSection();
    const pitch = within(pitchList());
    await userEvent.click(await pitch.findByRole('button', { name: 'Move down pitch question 1' }));
    expect(await screen.findByText('Server Error')).toBeInTheDocument();
    await waitFor(() => expect(itemsOf(pitchList())).toEqual(['A?', 'B?']));
  });

  it('deletes a question after confirmation', async () => {
    const api = fakeApi('guest', 7, { booking: ['Keep?', 'Drop?'] });
    renderSection();
    const booking = within(bookingList());
    await userEvent.click(
      await booking.findByRole('button', { name: 'Delete booking question 2' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Delete this booking question?' });
    expect(within(dialog).getByText('“Drop?” will no longer be asked.')).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(booking.getByText('Drop?')).toBeInTheDocument();

    await userEvent.click(booking.getByRole('button', { name: 'Delete booking question 2' }));
    await userEvent.click(
      within(await screen.findByRole('dialog')).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(booking.queryByText('Drop?')).not.toBeInTheDocument());
    expect(await screen.findByText('Booking question deleted.')).toBeInTheDocument();
    expect(api.ofType('booking').map((row) => row.body)).toEqual(['Keep?']);
    await waitFor(() => expect(booking.getByLabelText(/New booking question/)).toHaveFocus());
  });

  it('offers a retry when a list cannot be loaded', async () => {
    let calls = 0;
    fakeApi('guest', 7, { booking: ['Back again?'] });
    server.use(
      http.get('*/api/v1/guests/7/booking-questions', ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        if (type === 'booking' && calls++ === 0) {
          return HttpResponse.json({ message: 'Server Error' }, { status: 500 });
        }
        return HttpResponse.json({
          data:
            type === 'booking'
              ? [
                  {
                    id: 1,
                    type: 'booking',
                    body: 'Back again?',
                    position: 0,
                    profile_type: 'guest',
                    profile_id: 7,
                  },
                ]
              : [],
        });
      }),
    );
    renderSection();
    const booking = within(bookingList());
    expect(await booking.findByText('Booking questions could not be loaded')).toBeInTheDocument();
    await userEvent.click(booking.getByRole('button', { name: 'Retry' }));
    expect(await booking.findByText('Back again?')).toBeInTheDocument();
  });
});
