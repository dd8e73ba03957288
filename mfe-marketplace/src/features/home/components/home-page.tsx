import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import {
  Button,
  EmptyState,
  ErrorState,
  Pagination,
  SkeletonCard,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { ProfileCard } from '../../../components/profile-card';
import { useProfileList, type Showing } from '../hooks/use-profile-list';
import './home.css';

/** The spec's count of placeholder cards while a list loads. */
export const SKELETON_CARDS = 14;

export function HomePage() {
  const [params, setParams] = useSearchParams();
  const showing: Showing = params.get('showing') === 'shows' ? 'shows' : 'guests';
  const search = params.get('search') ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [draft, setDraft] = useState(search);

  useEffect(() => setDraft(search), [search]);

  const update = (next: { showing?: Showing; search?: string; page?: number }) => {
    const merged = { showing, search, page, ...next };
    const query = new URLSearchParams();
    if (merged.showing === 'shows') query.set('showing', 'shows');
    if (merged.search) query.set('search', merged.search);
    if (merged.page > 1) query.set('page', String(merged.page));
    setParams(query, { replace: true, preventScrollReset: true });
  };

  // Typing searches after a short pause; Enter searches at once.
  useEffect(() => {
    if (draft.trim() === search) return undefined;
    const timer = window.setTimeout(() => update({ search: draft.trim(), page: 1 }), 400);
    return () => window.clearTimeout(timer);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only the typed text starts a search
  }, [draft]);

  const list = useProfileList({ showing, search, page });
  const label = showing === 'guests' ? 'guests' : 'shows';

  return (
    <div className="gs-home">
      <section className="gs-home__hero" aria-labelledby="home-hero">
        <h1 id="home-hero" className="gs-home__title">
          Book the world&apos;s top guests &amp; shows!
        </h1>
        <div className="gs-home__toggle" role="group" aria-label="Show guests or shows">
          {(['guests', 'shows'] as const).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={showing === value}
              className="gs-home__toggle-button"
              onClick={() => update({ showing: value, page: 1 })}
            >
              {value === 'guests' ? 'Guests' : 'Shows'}
            </button>
          ))}
        </div>
        <form
          role="search"
          className="gs-home__search"
          onSubmit={(event) => {
            event.preventDefault();
            update({ search: draft.trim(), page: 1 });
          }}
        >
          <input
            type="search"
            className="gs-home__search-input"
            placeholder="Search by name"
            aria-label="Search by name"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
      </section>

      <section className="gs-home__list" aria-labelledby="home-all" aria-busy={list.isPending}>
        <h2 id="home-all" className="gs-home__section-title">
          All {label}
        </h2>
        {list.isPending ? (
          <div className="gs-home__grid">
            <VisuallyHidden role="status">Loading {label}</VisuallyHidden>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <SkeletonCard key={index} label="" data-testid="skeleton-card" />
            ))}
          </div>
        ) : list.isError ? (
          <ErrorState
            title={`The ${label} could not be loaded.`}
            message="Check your connection and try again."
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
          />
        ) : list.data.data.length === 0 ? (
          <EmptyState
            title="No results"
            message={search ? `Nothing matches “${search}”.` : undefined}
          />
        ) : (
          <>
            <ul className="gs-home__grid" aria-label={`All ${label}`}>
              {list.data.data.map((profile) => (
                <li key={profile.id}>
                  <ProfileCard profile={profile} />
                </li>
              ))}
            </ul>
            <Pagination
              currentPage={list.data.meta.pagination.current_page}
              totalPages={list.data.meta.pagination.total_pages}
              onPageChange={(next) => update({ page: next })}
            />
          </>
        )}
      </section>
    </div>
  );
}
