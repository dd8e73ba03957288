import { useCurrentUser } from '@guestspot/shared-api';
import { ButtonLink, Card } from '@guestspot/shared-ui';
import './dashboard-cards.css';

export const CREATE_SHOW_PATH = '/details/show/create';
export const editShowPath = (showId: number) => `/details/show/${showId}`;
export const viewShowPath = (showId: number) => `/shows/${showId}`;

/**
 * Dashboard shows card (marketplace… §2.9): each of the user's shows with Edit (its /details
 * editor) and View (its public page), and 'Create your Show'.
 */
export function ShowsCard() {
  const user = useCurrentUser();
  if (!user) return null;
  return (
    <Card
      title="Your shows"
      description={user.shows.length === 0 ? 'Host a show and book guests for it.' : undefined}
      footer={
        <ButtonLink to={CREATE_SHOW_PATH} size="sm">
          Create your Show
        </ButtonLink>
      }
    >
      {user.shows.length > 0 ? (
        <ul className="gs-dashboard-card__list" aria-label="Your shows">
          {user.shows.map((show) => (
            <li key={show.id} className="gs-dashboard-card__item">
              <span className="gs-dashboard-card__name">{show.name}</span>
              <span className="gs-dashboard-card__actions">
                <ButtonLink
                  to={editShowPath(show.id)}
                  size="sm"
                  variant="secondary"
                  aria-label={`Edit ${show.name}`}
                >
                  Edit
                </ButtonLink>
                <ButtonLink
                  to={viewShowPath(show.id)}
                  size="sm"
                  variant="ghost"
                  aria-label={`View ${show.name}`}
                >
                  View
                </ButtonLink>
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </Card>
  );
}
