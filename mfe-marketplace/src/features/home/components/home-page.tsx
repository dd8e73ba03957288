import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Category, MarketplaceProfile, ProfileListType } from '@guestspot/shared-api';
import { Button, EmptyState, ErrorState, SkeletonCard, VisuallyHidden } from '@guestspot/shared-ui';
import { browseHref, DEFAULT_FILTERS } from '../../../lib/browse-filters';
import { CategoryPicker, categoriesFor } from '../../../components/category-picker';
import { PRIORITY_CARDS, ProfileCard } from '../../../components/profile-card';
import { useCategories } from '../../../hooks/use-categories';
import { useProfilePages } from '../../../hooks/use-profile-pages';
import { useHomeSections } from '../hooks/use-home-sections';
import { Slider } from './slider';
import './home.css';

/** The spec's count of placeholder cards while the home page loads. */
export const SKELETON_CARDS = 14;

function ProfileItems({
  profiles,
  first = false,
}: {
  profiles: MarketplaceProfile[];
  /** The page's first slider: its first cards are on the first screen. */
  first?: boolean;
}) {
  return profiles.map((profile, index) => (
    <li key={profile.id} className="gs-home__slide">
      <ProfileCard profile={profile} priority={first && index < PRIORITY_CARDS} />
    </li>
  ));
}

function CategoryItems({ categories, type }: { categories: Category[]; type: ProfileListType }) {
  const noun = type === 'guests' ? 'guest' : 'show';
  return categories.map((category) => (
    <li key={category.id} className="gs-home__slide gs-home__slide--category">
      <CategoryTile category={category} type={type} noun={noun} />
    </li>
  ));
}

function CategoryTile({
  category,
  type,
  noun,
}: {
  category: Category;
  type: ProfileListType;
  noun: string;
}) {
  const count = category.counts[type];
  return (
    <Link
      className="gs-home__category"
      to={browseHref({ showing: type, categories: [category.id] })}
    >
      {category.image_url ? (
        <img className="gs-home__category-image" src={category.image_url} alt="" loading="lazy" />
      ) : null}
      <span className="gs-home__category-name">{category.name}</span>
      <span className="gs-home__category-count">
        {count} {count === 1 ? noun : `${noun}s`}
      </span>
    </Link>
  );
}

function HomeSearch({ showing }: { showing: ProfileListType }) {
  const navigate = useNavigate();
  const categories = useCategories();
  const [search, setSearch] = useState('');
  const [selected, setSelected] = useState<number[]>([]);
  const available = categoriesFor(categories.data ?? [], showing).map((category) => category.id);
  return (
    <form
      role="search"
      aria-label={`Search ${showing}`}
      className="gs-home__search"
      onSubmit={(event) => {
        event.preventDefault();
        void navigate(
          browseHref({
            showing,
            search,
            categories: selected.filter((id) => available.includes(id)),
          }),
        );
      }}
    >
      <div className="gs-home__search-row">
        <input
          type="search"
          className="gs-home__search-input"
          placeholder="Search by name"
          aria-label="Search by name"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
        />
        <Button type="submit">Search</Button>
      </div>
      {categories.data ? (
        <CategoryPicker
          className="gs-home__categories"
          categories={categories.data}
          type={showing}
          selected={selected}
          onChange={setSelected}
        />
      ) : null}
    </form>
  );
}

export function HomePage() {
  const [params, setParams] = useSearchParams();
  const showing: ProfileListType = params.get('showing') === 'shows' ? 'shows' : 'guests';
  const label = showing === 'guests' ? 'guests' : 'shows';
  const sections = useHomeSections(showing);
  const all = useProfilePages({ ...DEFAULT_FILTERS, showing });
  const categories = useCategories();

  const loading = sections.isPending || all.isPending;
  const allProfiles = all.data?.pages.flatMap((page) => page.data) ?? [];
  const categoryTiles = categoriesFor(categories.data ?? [], showing);

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
              onClick={() =>
                setParams(value === 'shows' ? { showing: 'shows' } : {}, {
                  replace: true,
                  preventScrollReset: true,
                })
              }
            >
              {value === 'guests' ? 'Guests' : 'Shows'}
            </button>
          ))}
        </div>
        <HomeSearch key={showing} showing={showing} />
      </section>

      <div className="gs-home__sections" aria-busy={loading}>
        {loading ? (
          <div className="gs-home__grid">
            <VisuallyHidden role="status">Loading {label}</VisuallyHidden>
            {Array.from({ length: SKELETON_CARDS }, (_, index) => (
              <SkeletonCard key={index} label="" data-testid="skeleton-card" />
            ))}
          </div>
        ) : sections.isError ? (
          <ErrorState
            title={`The ${label} could not be loaded.`}
            message="Check your connection and try again."
            onRetry={() => {
              void sections.refetch();
              void all.refetch();
            }}
            retrying={sections.isFetching}
          />
        ) : (
          <>
            {sections.data.featured.length ? (
              <Slider title="Featured" seeAllHref={browseHref({ showing, featured: true })}>
                <ProfileItems profiles={sections.data.featured} first />
              </Slider>
            ) : null}
            {showing === 'guests' && sections.data.talent.length ? (
              <Slider title="Curated talent" seeAllHref={browseHref({ showing, talent: true })}>
                <ProfileItems
                  profiles={sections.data.talent}
                  first={!sections.data.featured.length}
                />
              </Slider>
            ) : null}
            {categoryTiles.length ? (
              <Slider title="Categories" seeAllHref={browseHref({ showing })}>
                <CategoryItems categories={categoryTiles} type={showing} />
              </Slider>
            ) : null}
            {all.isError ? (
              <ErrorState
                title={`The ${label} could not be loaded.`}
                onRetry={() => void all.refetch()}
                retrying={all.isFetching}
              />
            ) : allProfiles.length ? (
              <Slider
                title={`All ${label}`}
                seeAllHref={browseHref({ showing })}
                hasMore={all.hasNextPage}
                loadingMore={all.isFetchingNextPage}
                onLoadMore={() => void all.fetchNextPage()}
              >
                <ProfileItems profiles={allProfiles} />
              </Slider>
            ) : (
              <EmptyState title="No results" message={`There are no ${label} yet.`} />
            )}
            {sections.data.premium.length ? (
              <Slider title="Premium" seeAllHref={browseHref({ showing, premium: true })}>
                <ProfileItems profiles={sections.data.premium} />
              </Slider>
            ) : null}
            {sections.data.free.length ? (
              <Slider title="Free" seeAllHref={browseHref({ showing, prices: ['0'] })}>
                <ProfileItems profiles={sections.data.free} />
              </Slider>
            ) : null}
          </>
        )}
      </div>
    </div>
  );
}
