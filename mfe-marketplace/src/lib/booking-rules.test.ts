import { makeGuest, makeUser } from '@guestspot/shared-api/testing';
import { bookLabel, bookPath, canPitch } from './booking-rules';

const interview = { booking_option_id: 1, price: 15000, slug: 'virtual-interview' };
const appearance = { booking_option_id: 2, price: 9000, slug: 'guest-appearance' };
const pitchOption = { booking_option_id: 3, price: 2500, slug: 'pitch' };
const miniview = { booking_option_id: 4, price: 1000, slug: 'miniview' };
const owner = makeUser({ id: 7 });
const viewer = makeUser({ id: 8 });

describe('canPitch (spec §2.5)', () => {
  it('is true for another user when a bookable option exists and pitching is enabled', () => {
    const guest = makeGuest({ user_id: 7, option_prices: [interview] });
    expect(canPitch(guest, viewer)).toBe(true);
    expect(canPitch(guest, null)).toBe(true);
  });

  it('is false for the owner', () => {
    expect(canPitch(makeGuest({ user_id: 7, option_prices: [interview] }), owner)).toBe(false);
  });

  it('is false when only pitch or miniview options exist, or none', () => {
    expect(canPitch(makeGuest({ option_prices: [pitchOption, miniview] }), viewer)).toBe(false);
    expect(canPitch(makeGuest({ option_prices: [] }), viewer)).toBe(false);
  });

  it('is false when pitch_settings.is_enabled is false', () => {
    const guest = makeGuest({
      option_prices: [interview],
      pitch_settings: { is_enabled: false, price: 0 },
    });
    expect(canPitch(guest, viewer)).toBe(false);
  });
});

describe('Book', () => {
  it("reads 'Request to Book' without bookable option prices", () => {
    expect(bookLabel(makeGuest({ option_prices: [miniview] }))).toBe('Request to Book');
    expect(bookLabel(makeGuest({ option_prices: [interview] }))).toBe('Book');
  });

  it('goes to the options step of the cheapest bookable option', () => {
    const guest = makeGuest({ id: 5, option_prices: [interview, appearance, pitchOption] });
    expect(bookPath('guests', guest, viewer)).toBe('/guests/5/book/options/2');
    expect(bookPath('shows', { ...guest }, viewer)).toBe('/shows/5/book/options/2');
  });

  it('sends a user with more than one show to the choose step when booking a guest', () => {
    const shows = [
      { id: 1, slug: 'a', name: 'A', imageUrl: null },
      { id: 2, slug: 'b', name: 'B', imageUrl: null },
    ];
    const host = makeUser({ id: 9, shows });
    const guest = makeGuest({ id: 5, option_prices: [interview] });
    expect(bookPath('guests', guest, host)).toBe('/guests/5/book');
    // booking a show is done as the user's one guest profile: straight to the options
    expect(bookPath('shows', guest, host)).toBe('/shows/5/book/options/1');
  });

  it('is null without bookable options (the waitlist dialog instead)', () => {
    expect(bookPath('shows', makeGuest({ option_prices: [pitchOption] }), viewer)).toBeNull();
  });
});
