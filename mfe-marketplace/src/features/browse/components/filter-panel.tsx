import { useId, useState } from 'react';
import { Button, Checkbox, formatMoney, Select } from '@guestspot/shared-ui';
import {
  activeFilterCount,
  DEFAULT_FILTERS,
  OPEN_ENDED_BUCKET,
  OPTION_FILTERS,
  PRICE_BUCKETS,
  type BrowseFilters,
} from '../../../lib/browse-filters';
import { CategoryPicker } from '../../../components/category-picker';
import { useCategories } from '../../../hooks/use-categories';
import { usePriceStats, useTags } from '../hooks/use-filter-options';

/** Tags listed before 'Show all tags'. */
export const TAGS_SHOWN = 10;

const RATING_OPTIONS = [
  { value: '', label: 'Any rating' },
  ...[4, 3, 2, 1].map((stars) => ({ value: String(stars), label: `${stars} stars & up` })),
];

function toggle<T>(list: T[], value: T): T[] {
  return list.includes(value) ? list.filter((item) => item !== value) : [...list, value];
}

/** Range tokens are in whole dollars ('300-500'). */
function rangeLabel(token: string): string {
  const [low = '0', high] = token.split('-');
  const dollars = (value: string) => formatMoney(Number(value) * 100, { precision: 'whole' });
  if (high === undefined) {
    return Number(low) === OPEN_ENDED_BUCKET
      ? `${dollars(low)}+`
      : low === '0'
        ? 'FREE'
        : dollars(low);
  }
  return `${dollars(low)} – ${dollars(high)}`;
}

function CustomRange({
  prices,
  onAdd,
  stats,
}: {
  prices: string[];
  onAdd: (token: string) => void;
  stats: { min: number; max: number } | undefined;
}) {
  const [min, setMin] = useState('');
  const [max, setMax] = useState('');
  const minId = useId();
  const maxId = useId();
  const low = Number(min);
  const high = Number(max);
  const valid =
    min !== '' &&
    max !== '' &&
    Number.isInteger(low) &&
    Number.isInteger(high) &&
    low >= 0 &&
    high >= low &&
    high <= 99_999;
  return (
    <div className="gs-filters__range">
      <label htmlFor={minId} className="gs-filters__range-label">
        Min $
      </label>
      <input
        id={minId}
        className="gs-filters__range-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={99_999}
        placeholder={stats ? String(stats.min) : '0'}
        value={min}
        onChange={(event) => setMin(event.target.value)}
      />
      <label htmlFor={maxId} className="gs-filters__range-label">
        Max $
      </label>
      <input
        id={maxId}
        className="gs-filters__range-input"
        type="number"
        inputMode="numeric"
        min={0}
        max={99_999}
        placeholder={stats ? String(stats.max) : '1000'}
        value={max}
        onChange={(event) => setMax(event.target.value)}
      />
      <Button
        type="button"
        size="sm"
        variant="secondary"
        disabled={!valid}
        onClick={() => {
          const token = `${low}-${high}`;
          if (!prices.includes(token)) onAdd(token);
          setMin('');
          setMax('');
        }}
      >
        Add range
      </Button>
    </div>
  );
}

export interface FilterPanelProps {
  filters: BrowseFilters;
  onChange: (next: Partial<BrowseFilters>) => void;
}

/** Every filter of Browse (spec §2.4); each change goes straight to the URL. */
export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  const { showing } = filters;
  const guests = showing === 'guests';
  const categories = useCategories();
  const tags = useTags(showing);
  const stats = usePriceStats(showing);
  const [allTags, setAllTags] = useState(false);

  const bucketValues: string[] = PRICE_BUCKETS.map((bucket) => bucket.value);
  const customPrices = filters.prices.filter((token) => !bucketValues.includes(token));
  const tagList = tags.data ?? [];
  const visibleTags = allTags
    ? tagList
    : tagList.filter((tag, index) => index < TAGS_SHOWN || filters.tags.includes(tag.slug));

  return (
    <div className="gs-filters">
      <div className="gs-filters__header">
        <h2 className="gs-filters__title">Filters</h2>
        <Button
          type="button"
          variant="link"
          size="sm"
          disabled={activeFilterCount(filters) === 0}
          onClick={() =>
            onChange({
              ...DEFAULT_FILTERS,
              showing,
              search: filters.search,
              sortBy: filters.sortBy,
            })
          }
        >
          Clear filters
        </Button>
      </div>

      {categories.data ? (
        <CategoryPicker
          className="gs-filters__group"
          categories={categories.data}
          type={showing}
          selected={filters.categories}
          onChange={(next) => onChange({ categories: next })}
        />
      ) : null}

      <fieldset className="gs-filters__group">
        <legend className="gs-filters__legend">Price</legend>
        {PRICE_BUCKETS.map((bucket) => (
          <Checkbox
            key={bucket.value}
            label={bucket.label}
            checked={filters.prices.includes(bucket.value)}
            onChange={() => onChange({ prices: toggle(filters.prices, bucket.value) })}
          />
        ))}
        {customPrices.map((token) => (
          <Checkbox
            key={token}
            label={rangeLabel(token)}
            checked
            onChange={() => onChange({ prices: toggle(filters.prices, token) })}
          />
        ))}
        <CustomRange
          prices={filters.prices}
          stats={stats.data}
          onAdd={(token) => onChange({ prices: [...filters.prices, token] })}
        />
      </fieldset>

      <fieldset className="gs-filters__group">
        <legend className="gs-filters__legend">Booking options</legend>
        {OPTION_FILTERS.map((option) => (
          <Checkbox
            key={option.slug}
            label={option.label}
            checked={filters.options.includes(option.slug)}
            onChange={() => onChange({ options: toggle(filters.options, option.slug) })}
          />
        ))}
      </fieldset>

      <fieldset className="gs-filters__group">
        <legend className="gs-filters__legend">Show only</legend>
        <Checkbox
          label="Featured"
          checked={filters.featured}
          onChange={() => onChange({ featured: !filters.featured })}
        />
        {guests ? (
          <Checkbox
            label="Curated talent"
            checked={filters.talent}
            onChange={() => onChange({ talent: !filters.talent })}
          />
        ) : null}
        <Checkbox
          label="Premium"
          checked={filters.premium}
          onChange={() => onChange({ premium: !filters.premium })}
        />
      </fieldset>

      {guests ? (
        <Select
          containerClassName="gs-filters__group"
          label="Rating"
          options={RATING_OPTIONS}
          value={filters.rating === null ? '' : String(filters.rating)}
          onChange={(event) =>
            onChange({ rating: event.target.value ? Number(event.target.value) : null })
          }
        />
      ) : null}

      {tagList.length ? (
        <fieldset className="gs-filters__group">
          <legend className="gs-filters__legend">Tags</legend>
          {visibleTags.map((tag) => (
            <Checkbox
              key={tag.id}
              label={tag.name}
              checked={filters.tags.includes(tag.slug)}
              onChange={() => onChange({ tags: toggle(filters.tags, tag.slug) })}
            />
          ))}
          {tagList.length > TAGS_SHOWN ? (
            <Button
              type="button"
              variant="link"
              size="sm"
              aria-expanded={allTags}
              onClick={() => setAllTags((value) => !value)}
            >
              {allTags ? 'Show fewer tags' : `Show all ${tagList.length} tags`}
            </Button>
          ) : null}
        </fieldset>
      ) : null}
    </div>
  );
}
