import { useId, useState } from 'react';
import type { Category, ProfileListType } from '@guestspot/shared-api';
import { cx } from '@guestspot/shared-ui';
import './category-picker.css';

/** Categories shown before the '[+] n more' toggle (spec §9). */
export const CATEGORIES_SHOWN = 5;

/** Only the categories that have public profiles of this type (spec §2.3). */
export function categoriesFor(categories: Category[], type: ProfileListType): Category[] {
  return categories.filter((category) => category.counts[type] > 0);
}

export interface CategoryPickerProps {
  categories: Category[];
  type: ProfileListType;
  selected: number[];
  onChange: (selected: number[]) => void;
  /** The group's name for assistive technology. */
  label?: string;
  className?: string;
}

/**
 * Category chips (checkboxes) for one side of the marketplace: the first 5, and a '[+] n more'
 * toggle that reveals the rest. A selected category stays visible when the list is collapsed.
 */
export function CategoryPicker({
  categories,
  type,
  selected,
  onChange,
  label = 'Categories',
  className,
}: CategoryPickerProps) {
  const [expanded, setExpanded] = useState(false);
  const listId = useId();
  const available = categoriesFor(categories, type);
  const hidden = available.length - CATEGORIES_SHOWN;
  const visible = expanded
    ? available
    : available.filter(
        (category, index) => index < CATEGORIES_SHOWN || selected.includes(category.id),
      );

  const toggle = (id: number) =>
    onChange(selected.includes(id) ? selected.filter((value) => value !== id) : [...selected, id]);

  if (available.length === 0) return null;
  return (
    <fieldset className={cx('gs-category-picker', className)}>
      <legend className="gs-category-picker__legend">{label}</legend>
      <ul className="gs-category-picker__list" id={listId}>
        {visible.map((category) => (
          <li key={category.id}>
            <label className="gs-category-picker__chip">
              <input
                type="checkbox"
                className="gs-category-picker__input"
                checked={selected.includes(category.id)}
                onChange={() => toggle(category.id)}
              />
              <span>{category.name}</span>
            </label>
          </li>
        ))}
      </ul>
      {hidden > 0 ? (
        <button
          type="button"
          className="gs-category-picker__more"
          aria-expanded={expanded}
          aria-controls={listId}
          onClick={() => setExpanded((value) => !value)}
        >
          {expanded ? '[-] Show less' : `[+] ${hidden} more`}
        </button>
      ) : null}
    </fieldset>
  );
}
