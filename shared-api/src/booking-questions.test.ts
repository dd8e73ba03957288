import { http, HttpResponse } from 'msw';
import {
  createBookingQuestion,
  deleteBookingQuestion,
  listBookingQuestions,
  updateBookingQuestion,
} from './booking-questions';
import { isApiError } from './errors';
import { server, setupMswServer } from './testing';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
});

const question = (id: number, type: 'booking' | 'pitch', position: number) => ({
  id,
  type,
  body: `Question ${id}`,
  position,
  profile_type: 'show' as const,
  profile_id: 3,
});

describe('booking questions', () => {
  it('lists one type of a show’s questions under /shows/{id} with ?type', async () => {
    const seen: string[] = [];
    server.use(
      http.get('*/api/v1/shows/3/booking-questions', ({ request }) => {
        const type = new URL(request.url).searchParams.get('type');
        seen.push(String(type));
        return HttpResponse.json({
          data: [question(1, type === 'pitch' ? 'pitch' : 'booking', 0)],
        });
      }),
    );
    await expect(listBookingQuestions('show', 3, 'pitch')).resolves.toEqual([
      question(1, 'pitch', 0),
    ]);
    await listBookingQuestions('show', 3, 'booking');
    expect(seen).toEqual(['pitch', 'booking']);
  });

  it('creates, moves and deletes a guest’s question under /guests/{id}', async () => {
    const sent: unknown[] = [];
    let deleted = '';
    server.use(
      http.post('*/api/v1/guests/7/booking-questions', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: question(9, 'pitch', 2) }, { status: 201 });
      }),
      http.put('*/api/v1/guests/7/booking-questions/9', async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json({ data: question(9, 'pitch', 0) });
      }),
      http.delete('*/api/v1/guests/7/booking-questions/:id', ({ params }) => {
        deleted = String(params.id);
        return new HttpResponse(null, { status: 204 });
      }),
    );
    await expect(
      createBookingQuestion('guest', 7, { body: 'Why us?', type: 'pitch' }),
    ).resolves.toMatchObject({ id: 9, position: 2 });
    await expect(updateBookingQuestion('guest', 7, 9, { position: 0 })).resolves.toMatchObject({
      position: 0,
    });
    await deleteBookingQuestion('guest', 7, 9);
    expect(sent).toEqual([{ body: 'Why us?', type: 'pitch' }, { position: 0 }]);
    expect(deleted).toBe('9');
  });

  it('throws the limit’s 422 with its field error', async () => {
    const message = 'A profile may have at most 20 booking questions.';
    server.use(
      http.post('*/api/v1/guests/7/booking-questions', () =>
        HttpResponse.json({ message, errors: { body: [message] } }, { status: 422 }),
      ),
    );
    const error: unknown = await createBookingQuestion('guest', 7, {
      body: 'One more',
      type: 'booking',
    }).catch((e: unknown) => e);
    expect(isApiError(error) && error.fieldErrors).toEqual({ body: [message] });
  });
});
