import { render, screen } from '@testing-library/react';
import { axe } from 'jest-axe';
import { formatAnswerTime, ReputationLine } from './reputation';

describe('ReputationLine', () => {
  it('says how fast the profile answers and how many requests it accepts', async () => {
    const { container } = render(
      <ReputationLine
        reputation={{ requests: 12, accepted_percent: 75, median_answer_minutes: 300 }}
      />,
    );
    expect(screen.getByText('Usually answers in 5 h')).toBeVisible();
    expect(screen.getByText('Accepts 75% of requests')).toBeVisible();
    expect(await axe(container)).toHaveNoViolations();
  });

  it('shows the share alone when no request was answered, and nothing without figures', () => {
    const { container, rerender } = render(
      <ReputationLine
        reputation={{ requests: 3, accepted_percent: 0, median_answer_minutes: null }}
      />,
    );
    expect(screen.getByText('Accepts 0% of requests')).toBeVisible();
    expect(screen.queryByText(/Usually answers/)).not.toBeInTheDocument();
    rerender(<ReputationLine reputation={null} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('rounds the time the way people say it', () => {
    expect([0, 25, 59, 60, 89, 90, 47 * 60, 48 * 60, 100 * 60].map(formatAnswerTime)).toEqual([
      '1 min',
      '25 min',
      '59 min',
      '1 h',
      '1 h',
      '2 h',
      '47 h',
      '2 days',
      '4 days',
    ]);
  });
});
