import { messages } from './messages';

describe('messages', () => {
  it.each([
    [messages.required('Email address'), 'Email address is required'],
    [messages.confirmed(), 'The Password and Password confirmation fields do not match'],
    [messages.minLength('Password', 8), 'The Password field must have at least 8 characters'],
    [messages.maxLength('Bio', 500), 'The Bio cannot exceed 500 characters'],
    [messages.minValue('Price', 1), 'Min Price is 1'],
    [messages.maxValue('Guests', 10), 'Guests cannot be more than (10)'],
    [
      messages.maxPrice('Promo price', 250),
      'Promo price cannot be more than your highest booking option ($250)',
    ],
    [messages.email(), 'Please enter a valid email address'],
    [messages.url(), 'This is not a valid URL'],
    [messages.podcast(), 'This is not a valid podcast URL'],
    [messages.video(), 'This is not a valid video URL'],
    [messages.hasDomain('YouTube'), 'This is not a valid YouTube URL'],
  ])('reads %j', (actual, expected) => {
    expect(actual).toBe(expected);
  });
});
