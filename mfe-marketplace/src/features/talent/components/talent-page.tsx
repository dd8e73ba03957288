import { useSearchParams } from 'react-router-dom';
import {
  EmptyState,
  ErrorState,
  Pagination,
  SkeletonCard,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { ProfileCard } from '../../../components/profile-card';
import { TALENT_PER_PAGE, useTalentList } from '../hooks/use-talent-list';
import './talent-page.css';

export const TALENT_TITLE = 'Curated Talent';
export const TALENT_INTRO =
  'Hand-picked guests our team has listened to, checked and recommends: proven speakers with a story your audience will remember.';

/** /talent: the curated talent list, 15 a page, the page number in the URL. */
export function TalentPage() {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useTalentList(page);

  const goTo = (next: number) => {
    const query = new URLSearchParams(params);
    if (next > 1) query.set('page', String(next));
    else query.delete('page');
    setParams(query);
  };

  return (
    <section
      className="gs-page gs-talent"
      aria-labelledby="talent-title"
      aria-busy={list.isPending}
    >
      <h1 id="talent-title" className="gs-page__title">
        {TALENT_TITLE}
      </h1>
      <p className="gs-talent__intro">{TALENT_INTRO}</p>
      {list.isPending ? (
        <div className="gs-talent__grid">
          <VisuallyHidden role="status">Loading talent</VisuallyHidden>
          {Array.from({ length: TALENT_PER_PAGE }, (_, index) => (
            <SkeletonCard key={index} label="" data-testid="skeleton-card" />
          ))}
        </div>
      ) : list.isError ? (
        <ErrorState
          title="The talent list could not be loaded."
          message="Check your connection and try again."
          onRetry={() => void list.refetch()}
          retrying={list.isFetching}
        />
      ) : list.data.data.length === 0 ? (
        <EmptyState title="No curated talent yet" message="Check back soon." />
      ) : (
        <>
          <h2 id="talent-list" className="visually-hidden">
            Curated talent
          </h2>
          <ul className="gs-talent__grid" aria-labelledby="talent-list">
            {list.data.data.map((profile) => (
              <li key={profile.id}>
                <ProfileCard profile={profile} />
              </li>
            ))}
          </ul>
          <Pagination
            aria-label="Talent pages"
            currentPage={list.data.meta.pagination.current_page}
            totalPages={list.data.meta.pagination.total_pages}
            onPageChange={goTo}
          />
        </>
      )}
    </section>
  );
}
