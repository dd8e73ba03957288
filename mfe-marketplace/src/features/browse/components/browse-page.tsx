import { useEffect, useId, useRef, useState } from 'react';
import type { ProfileListType } from '@guestspot/shared-api';
import { Badge, Button, Select } from '@guestspot/shared-ui';
import { activeFilterCount, DEFAULT_FILTERS, type BrowseSort } from '../../../lib/browse-filters';
import { useBrowseFilters } from '../hooks/use-browse-filters';
import { BrowseResults } from './browse-results';
import { FilterPanel } from './filter-panel';
import './browse.css';

const SORT_OPTIONS = [
  { value: '', label: 'Recommended' },
  { value: 'price', label: 'Price: low to high' },
  { value: '-price', label: 'Price: high to low' },
  { value: 'response', label: 'Fastest response' },
];

/** /browse: guests or shows with every filter of spec §2.4, all of them in the URL. */
export function BrowsePage() {
  const { filters, setFilters } = useBrowseFilters();
  const { showing, search } = filters;
  const [draft, setDraft] = useState(search);
  const [filtersOpen, setFiltersOpen] = useState(false);
  const filtersToggle = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const active = activeFilterCount(filters);

  // A search from elsewhere (a link, Back, Clear) shows in the box; the one just typed keeps its
  // spaces.
  useEffect(() => setDraft((typed) => (typed.trim() === search ? typed : search)), [search]);

  // Typing searches after a short pause (replacing the history entry); Enter searches at once,
  // and a search applied any other way cancels the pending one.
  useEffect(() => {
    if (draft.trim() === search) return undefined;
    const timer = window.setTimeout(() => setFilters({ search: draft }, { replace: true }), 400);
    return () => window.clearTimeout(timer);
  }, [draft, search, setFilters]);

  const clearFilters = () =>
    setFilters({ ...DEFAULT_FILTERS, showing, search, sortBy: filters.sortBy });

  return (
    <div className="gs-browse">
      <header className="gs-browse__header">
        <h1 className="gs-browse__title">Browse {showing}</h1>
        <div className="gs-browse__toggle" role="group" aria-label="Show guests or shows">
          {(['guests', 'shows'] as ProfileListType[]).map((value) => (
            <button
              key={value}
              type="button"
              aria-pressed={showing === value}
              className="gs-browse__toggle-button"
              onClick={() => setFilters({ showing: value })}
            >
              {value === 'guests' ? 'Guests' : 'Shows'}
            </button>
          ))}
        </div>
        <form
          role="search"
          aria-label={`Search ${showing}`}
          className="gs-browse__search"
          onSubmit={(event) => {
            event.preventDefault();
            setFilters({ search: draft });
          }}
        >
          <input
            type="search"
            className="gs-browse__search-input"
            placeholder="Search by name"
            aria-label="Search by name"
            value={draft}
            onChange={(event) => setDraft(event.target.value)}
          />
          <Button type="submit">Search</Button>
        </form>
        <Select
          containerClassName="gs-browse__sort"
          label="Sort by"
          options={SORT_OPTIONS}
          value={filters.sortBy ?? ''}
          onChange={(event) =>
            setFilters({ sortBy: (event.target.value || null) as BrowseSort | null })
          }
        />
        <Button
          ref={filtersToggle}
          type="button"
          variant="secondary"
          className="gs-browse__filters-toggle"
          aria-expanded={filtersOpen}
          aria-controls={panelId}
          onClick={() => setFiltersOpen((open) => !open)}
        >
          Filters
          {active ? <Badge>{active}</Badge> : null}
        </Button>
      </header>
      <div className="gs-browse__layout">
        <aside
          id={panelId}
          className="gs-browse__filters"
          aria-label="Filters"
          data-state={filtersOpen ? 'open' : 'closed'}
        >
          <FilterPanel filters={filters} onChange={(next) => setFilters(next)} />
          {/* Below a desktop the panel sits above the results: closing it from its end saves a
              long scroll back on a phone. */}
          <Button
            type="button"
            fullWidth
            className="gs-browse__filters-done"
            onClick={() => {
              setFiltersOpen(false);
              filtersToggle.current?.focus();
            }}
          >
            Show results
          </Button>
        </aside>
        <section className="gs-browse__results" aria-labelledby={`${panelId}-results`}>
          {/* The cards' names are h3s: with the filters folded away on a phone, this keeps the
              heading levels in order. */}
          <h2 id={`${panelId}-results`} className="visually-hidden">
            Results
          </h2>
          <BrowseResults filters={filters} onClearFilters={clearFilters} />
        </section>
      </div>
    </div>
  );
}
