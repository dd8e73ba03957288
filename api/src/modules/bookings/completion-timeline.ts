import { formatCents } from '../billing/service';

// The timeline's sentences of the activities after the interview (decision 116), for the
// viewer: timeline.ts's generic entries ask here first.

export interface CompletionWords {
  /** the stored activity type */
  stored: string;
  /** whether the viewer's side did it */
  byViewer: boolean;
  /** the acting side's profile name ('' for the system) */
  actor: string;
  payload: Record<string, unknown>;
}

const money = (payload: Record<string, unknown>, key: string) =>
  formatCents(Number(payload[key] ?? 0));

const by = (words: CompletionWords, mine: string, theirs = mine) =>
  words.byViewer ? `You ${mine}` : `${words.actor} ${theirs}`;

/** The sentence, or null when the type is not one of decision 116's. */
export function completionSentence(words: CompletionWords): string | null {
  switch (words.stored) {
    case 'completed':
      return words.actor === ''
        ? 'No answer came within 7 days, so the interview counts as having taken place. The booking is completed.'
        : by(words, 'confirmed that the interview took place. The booking is completed.');
    case 'completion-asked':
      return 'The interview time has passed: did it take place?';
    case 'scheduled-asked':
      return 'Is the interview scheduled?';
    case 'completion-rescheduled':
      return by(words, 'said the interview did not take place and needs a new date');
    case 'scheduled-confirmed':
      return words.actor === ''
        ? 'No answer came within 7 days, so the interview counts as scheduled.'
        : by(words, 'confirmed that the interview is scheduled');
    case 'scheduled-not-yet':
      return by(words, 'said the interview is not scheduled yet');
    case 'scheduled-undone':
      return by(words, 'said the date will be agreed on Guestspot');
    case 'payout-pending':
      return `A payout of ${money(words.payload, 'amount')} is waiting for a payout account.`;
    case 'payout-released':
      return `A payout of ${money(words.payload, 'amount')} was sent.`;
    case 'no-show-reported':
      return by(words, 'reported a no-show');
    case 'no-show-resolved':
      return words.payload.outcome === 'refunded'
        ? 'Support resolved the no-show report: the payment was refunded in full.'
        : 'Support resolved the no-show report: the payment stands.';
    default:
      return null;
  }
}
