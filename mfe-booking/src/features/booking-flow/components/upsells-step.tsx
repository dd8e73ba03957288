import { Checkbox, ErrorState } from '@guestspot/shared-ui';
import { useBookingFlow } from '../hooks/use-booking-flow';
import { useUpsellPackages } from '../hooks/use-booking-pricing';
import { formatAmount } from '../lib/totals';
import { BookingStep } from './booking-step';
import '../../../components/choices.css';

/** Optional paid extras the profile offers: tick any. */
export function UpsellsStep() {
  const flow = useBookingFlow('upsells');
  const packages = useUpsellPackages(flow.side, flow.profileId);
  const serverFields = flow.values.errors.upsells?.fields ?? {};
  if (packages.isError) return <ErrorState onRetry={() => void packages.refetch()} />;
  const list = packages.data ?? [];
  const selected = flow.values.upsellIds;

  return (
    <BookingStep flow={flow} step="upsells" loading={packages.isPending}>
      {list.length === 0 ? <p>No add-ons are offered.</p> : null}
      <div className="gs-choices">
        {list.map((item) => (
          <Checkbox
            key={item.id}
            containerClassName="gs-booking-flow__upsell"
            label={`${item.title} (${formatAmount(item.price)})`}
            hint={item.description ?? undefined}
            checked={selected.includes(item.id)}
            onChange={(event) =>
              flow.update({
                upsellIds: event.target.checked
                  ? [...selected, item.id]
                  : selected.filter((id) => id !== item.id),
              })
            }
          />
        ))}
      </div>
      {Object.values(serverFields)[0] ? (
        <p className="gs-booking-flow__error" role="alert">
          {Object.values(serverFields)[0]}
        </p>
      ) : null}
    </BookingStep>
  );
}
