/** The toast after a trial starts (spec §2), apart from the modal so that the section can say it without loading the form. */
export const SUBSCRIBED = 'Welcome to Guestspot Pro! Your 14 day trial has started.';
