import type { Reputation } from '@guestspot/shared-api';
import './reputation.css';

// How a guest or show answers requests (decision 114): the median time to answer and the share
// of requests accepted over the last 90 days. The API sends null below its minimum number of
// requests; nothing is shown then.

/** '25 min', '5 h', '3 days': the median time to answer, rounded the way people say it. */
export function formatAnswerTime(minutes: number): string {
  if (minutes < 60) return `${Math.max(1, minutes)} min`;
  const hours = Math.round(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.round(hours / 24)} days`;
}

export function ReputationLine({
  reputation,
  className,
}: {
  reputation: Reputation | null | undefined;
  className?: string;
}) {
  if (!reputation) return null;
  const answers =
    reputation.median_answer_minutes === null
      ? null
      : `Usually answers in ${formatAnswerTime(reputation.median_answer_minutes)}`;
  const accepts = `Accepts ${reputation.accepted_percent}% of requests`;
  return (
    <p
      className={['gs-reputation', className].filter(Boolean).join(' ')}
      title={`Over the last 90 days, from ${reputation.requests} requests`}
    >
      {answers ? <span className="gs-reputation__item">{answers}</span> : null}
      <span className="gs-reputation__item">{accepts}</span>
    </p>
  );
}
