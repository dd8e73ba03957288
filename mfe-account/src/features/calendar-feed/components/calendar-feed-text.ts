/** The calendar feed section's words that its frame, its rows and their tests share. */
export const FEED_LABEL = 'Calendar feed URL';
export const FEED_FAILED = 'The calendar feed could not be changed. Please try again.';
