import { useQueries } from '@tanstack/react-query';
import { queryKeys, useCurrentUser, type UpsellPackage } from '@guestspot/shared-api';
import { listUpsellPackages, type UpsellProfileKind } from '@guestspot/shared-api/upsell-packages';
import { ButtonLink, Card, formatMoney, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';
import './dashboard-cards.css';

/** Where a profile's upsell packages are edited (decision 093: /details, its own section). */
export const upsellEditorPath = (kind: UpsellProfileKind, profileId: number) =>
  kind === 'guest'
    ? '/details/guest#upsell-packages'
    : `/details/show/${profileId}#upsell-packages`;

/**
 * Dashboard promotional upsells (marketplace… §2.9, booking-management… "Upsell packages": cards
 * with the profile they belong to): every upsell package of the user's guest profile and shows,
 * each with its price and an Edit link to its profile's editor; without any, an invitation to
 * add one. A failed load is swallowed: the card stays away (booking-management… §8).
 */
export function UpsellPromoCard() {
  const user = useCurrentUser();
  const profiles: { kind: UpsellProfileKind; id: number }[] = user
    ? [
        ...(user.guest ? [{ kind: 'guest' as const, id: user.guest.id }] : []),
        ...user.shows.map((show) => ({ kind: 'show' as const, id: show.id })),
      ]
    : [];
  const results = useQueries({
    queries: profiles.map(({ kind, id }) => ({
      queryKey: queryKeys.upsellPackages(kind, id),
      queryFn: () => listUpsellPackages(kind, id),
    })),
  });
  if (!user || profiles.length === 0 || results.some((result) => result.isError)) return null;
  const loading = results.some((result) => result.isPending);
  const packages = results.flatMap((result) => result.data ?? []);
  const first = profiles[0]!;

  return (
    <Card
      title="Upsell packages"
      description="Extras anyone booking you can add: a social post, a newsletter mention, a clip."
    >
      {loading ? (
        <SkeletonGroup label="Loading your upsell packages">
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </SkeletonGroup>
      ) : packages.length === 0 ? (
        <ButtonLink to={upsellEditorPath(first.kind, first.id)} size="sm" variant="secondary">
          Add an upsell package
        </ButtonLink>
      ) : (
        <ul className="gs-dashboard-card__list" aria-label="Your upsell packages">
          {packages.map((item) => (
            <UpsellPromo key={item.id} item={item} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function UpsellPromo({ item }: { item: UpsellPackage }) {
  return (
    <li className="gs-dashboard-card__item">
      <span>
        <span className="gs-dashboard-card__name">{item.title}</span>
        <span className="gs-dashboard-card__meta">
          {formatMoney(item.price, { precision: 'auto' })} · {item.profile_name}
        </span>
      </span>
      <ButtonLink
        to={upsellEditorPath(item.profile_type, item.profile_id)}
        size="sm"
        variant="secondary"
        aria-label={`Edit ${item.title}`}
      >
        Edit
      </ButtonLink>
    </li>
  );
}
