import type { PlanName } from '@guestspot/shared-api';
import { IconCheck } from '@guestspot/shared-ui';
import { formatPlanPrice, PLAN_LABELS } from '../../lib/plans';
import './subscribe-form.css';

/** The Pro features (account spec §2, Subscribe modal). */
export const PRO_FEATURES = [
  'Homepage Feature',
  'Personalized and Optimized Profile',
  'Audio and Video Guest pitches',
  'Customizable Upsells',
  'Customizable Questions',
  'Search Analytics for shows',
  'Customizable booking flow',
] as const;

export interface ProFeatureListProps {
  /** Which price to show: $97 per month or $997 per year. */
  plan?: PlanName;
  /** Heading level of the title, to fit the page around it. */
  titleAs?: 'h2' | 'h3';
}

/** The left column of the Subscribe modal: the Pro price and what it unlocks. */
export function ProFeatureList({ plan = 'monthly', titleAs: Title = 'h2' }: ProFeatureListProps) {
  return (
    <section className="gs-pro-features" aria-label="Guestspot Pro">
      <Title className="gs-pro-features__title">Guestspot Pro</Title>
      <p className="gs-pro-features__price">
        <strong>{formatPlanPrice(plan)}</strong> {PLAN_LABELS[plan].per}
      </p>
      <ul className="gs-pro-features__list">
        {PRO_FEATURES.map((feature) => (
          <li key={feature}>
            <IconCheck className="gs-pro-features__check" aria-hidden="true" />
            {feature}
          </li>
        ))}
      </ul>
    </section>
  );
}
