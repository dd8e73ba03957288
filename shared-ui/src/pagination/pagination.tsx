import type { ComponentProps } from 'react';
import { IconChevronLeft, IconChevronRight } from '../icons/icons';
import { cx } from '../lib/cx';
import { useMediaQuery } from '../lib/use-media-query';
import { media } from '../tokens/tokens';
import './pagination.css';

export type PageItem = number | 'ellipsis-start' | 'ellipsis-end';

/**
 * The pages to show: always the first and last, the current one with `siblings` on each side,
 * and an ellipsis for each gap. The list has a constant length once there are enough pages, so
 * the buttons do not jump around while paging.
 */
export function paginationRange(currentPage: number, totalPages: number, siblings = 1): PageItem[] {
  const total = Math.max(0, Math.floor(totalPages));
  const slots = siblings * 2 + 5; // first, last, current, siblings, two ellipses
  if (total <= slots) return Array.from({ length: total }, (_, i) => i + 1);

  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const start = Math.max(current - siblings, 2);
  const end = Math.min(current + siblings, total - 1);
  const showStartEllipsis = start > 3;
  const showEndEllipsis = end < total - 2;
  const sideCount = siblings * 2 + 3;

  if (!showStartEllipsis) {
    return [...Array.from({ length: sideCount }, (_, i) => i + 1), 'ellipsis-end', total];
  }
  if (!showEndEllipsis) {
    return [
      1,
      'ellipsis-start',
      ...Array.from({ length: sideCount }, (_, i) => total - sideCount + 1 + i),
    ];
  }
  return [
    1,
    'ellipsis-start',
    ...Array.from({ length: end - start + 1 }, (_, i) => start + i),
    'ellipsis-end',
    total,
  ];
}

/**
 * A strip of `size` consecutive pages (booking management's lists, spec: "up to 5 page numbers, a
 * window of current-2 to current+2 once the current page is above 3"), kept inside 1..total.
 */
export function pageWindow(currentPage: number, totalPages: number, size = 5): number[] {
  const total = Math.max(0, Math.floor(totalPages));
  const length = Math.min(size, total);
  const half = Math.floor(size / 2);
  const current = Math.min(Math.max(1, Math.floor(currentPage)), total);
  const start = Math.max(1, Math.min(current - half, total - length + 1));
  return Array.from({ length }, (_, i) => start + i);
}

export type PaginationProps = Omit<ComponentProps<'nav'>, 'onChange'> & {
  /** 1-based. */
  currentPage: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Pages shown on each side of the current one (none on a phone, so that the row fits). */
  siblings?: number;
  /**
   * Instead of the first and last pages with ellipses, a window of this many consecutive pages
   * around the current one (pageWindow), as booking management's lists show them.
   */
  strip?: number;
};

/** Page navigation; renders nothing when there is only one page. */
export function Pagination({
  currentPage,
  totalPages,
  onPageChange,
  siblings = 1,
  strip,
  className,
  'aria-label': ariaLabel = 'Pagination',
  ...props
}: PaginationProps) {
  const phone = useMediaQuery(media.phone);
  if (totalPages <= 1) return null;
  const items: PageItem[] = strip
    ? pageWindow(currentPage, totalPages, strip)
    : paginationRange(currentPage, totalPages, phone ? 0 : siblings);
  const isFirst = currentPage <= 1;
  const isLast = currentPage >= totalPages;

  return (
    <nav {...props} aria-label={ariaLabel} className={cx('gs-pagination', className)}>
      <button
        type="button"
        className="gs-pagination__step"
        disabled={isFirst}
        onClick={() => onPageChange(currentPage - 1)}
      >
        <IconChevronLeft />
        <span>Previous</span>
      </button>
      <ul className="gs-pagination__pages">
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className="gs-pagination__page"
                aria-label={`Page ${item}`}
                aria-current={item === currentPage ? 'page' : undefined}
                data-state={item === currentPage ? 'active' : 'inactive'}
                onClick={() => {
                  if (item !== currentPage) onPageChange(item);
                }}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="gs-pagination__ellipsis" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        className="gs-pagination__step"
        disabled={isLast}
        onClick={() => onPageChange(currentPage + 1)}
      >
        <span>Next</span>
        <IconChevronRight />
      </button>
    </nav>
  );
}
