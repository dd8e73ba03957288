import { http, HttpResponse } from 'msw';
import { server, setupMswServer } from './testing';
import { getPitchSettings, updatePitchSettings } from './pitch-settings';
import {
  getBookingFlowPreferences,
  updateBookingFlowPreferences,
} from './booking-flow-preferences';
import { isApiError } from './errors';

setupMswServer();
beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=token-1; path=/';
});

describe('pitch settings', () => {
  it("reads a guest's pitch settings from /guests/{id}", async () => {
    server.use(
      http.get('*/api/v1/guests/7/pitch-settings', () =>
        HttpResponse.json({ data: { is_enabled: true, price: 5000, highest_price: 40000 } }),
      ),
    );
    await expect(getPitchSettings('guest', 7)).resolves.toEqual({
      is_enabled: true,
      price: 5000,
      highest_price: 40000,
    });
  });

  it("puts a show's settings to /shows/{id} and throws the 422 with its field errors", async () => {
    let sent: unknown = null;
    server.use(
      http.put('*/api/v1/shows/3/pitch-settings', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(
          {
            message: 'Price cannot be more than your highest booking option ($400)',
            errors: { price: ['Price cannot be more than your highest booking option ($400)'] },
          },
          { status: 422 },
        );
      }),
    );
    const error: unknown = await updatePitchSettings('show', 3, { price: 50000 }).catch(
      (e: unknown) => e,
    );
    expect(sent).toEqual({ price: 50000 });
    expect(isApiError(error) && error.status).toBe(422);
    expect(isApiError(error) && error.fieldErrors).toEqual({
      price: ['Price cannot be more than your highest booking option ($400)'],
    });
  });
});

describe('booking flow preferences', () => {
  it('reads the steps and wraps a change in updatedPreferences', async () => {
    let sent: unknown = null;
    server.use(
      http.get('*/api/v1/shows/3/booking-flow-preferences', () =>
        HttpResponse.json({
          data: { pitch: true, questions: true, upsells: true, payment: true },
        }),
      ),
      http.put('*/api/v1/guests/7/booking-flow-preferences', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({
          data: {
            pitch: true,
            'miniview-questions': false,
            questions: false,
            upsells: true,
            payment: true,
          },
        });
      }),
    );
    await expect(getBookingFlowPreferences('show', 3)).resolves.toEqual({
      pitch: true,
      questions: true,
      upsells: true,
      payment: true,
    });
    await expect(
      updateBookingFlowPreferences('guest', 7, { questions: false }),
    ).resolves.toMatchObject({ questions: false });
    expect(sent).toEqual({ updatedPreferences: { questions: false } });
  });
});
