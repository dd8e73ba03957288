import { useCallback, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { IconChevronLeft, IconChevronRight, Spinner, VisuallyHidden } from '@guestspot/shared-ui';

export interface SliderProps {
  title: string;
  /** /browse with the slider's filter */
  seeAllHref: string;
  /** one <li> per item */
  children: ReactNode;
  /** the paged slider: called when Next is pressed at the end and more pages exist */
  onLoadMore?: () => void;
  hasMore?: boolean;
  loadingMore?: boolean;
}

/**
 * A horizontal row of cards: a labelled list that scrolls, with Previous and Next buttons for
 * pointer and keyboard users (Tab also walks the cards and scrolls them into view).
 */
export function Slider({
  title,
  seeAllHref,
  children,
  onLoadMore,
  hasMore = false,
  loadingMore = false,
}: SliderProps) {
  const headingId = useId();
  const track = useRef<HTMLUListElement>(null);
  const [atStart, setAtStart] = useState(true);
  const [atEnd, setAtEnd] = useState(false);

  const measure = useCallback(() => {
    const element = track.current;
    if (!element) return;
    setAtStart(element.scrollLeft <= 1);
    setAtEnd(element.scrollLeft + element.clientWidth >= element.scrollWidth - 1);
  }, []);

  useEffect(() => {
    const element = track.current;
    if (!element) return undefined;
    if (typeof ResizeObserver === 'undefined') {
      measure();
      return undefined;
    }
    // Its first report (observe() always makes one) comes after the browser's own layout, so
    // measuring then forces no layout of its own: six sliders measuring right after each commit
    // laid the whole page out again each time.
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => observer.disconnect();
  }, [measure, children]);

  const scrollBy = (direction: 1 | -1) => {
    const element = track.current;
    if (!element) return;
    element.scrollBy({ left: direction * element.clientWidth * 0.9, behavior: 'smooth' });
  };

  const next = () => {
    if (atEnd && hasMore && onLoadMore) onLoadMore();
    else scrollBy(1);
  };

  return (
    <section className="gs-slider" aria-labelledby={headingId}>
      <div className="gs-slider__header">
        <h2 id={headingId} className="gs-slider__title">
          {title}
        </h2>
        <Link className="gs-slider__see-all" to={seeAllHref}>
          See all<VisuallyHidden> {title}</VisuallyHidden>
        </Link>
        <div className="gs-slider__controls">
          <button
            type="button"
            className="gs-slider__button"
            aria-label={`Previous ${title}`}
            disabled={atStart}
            onClick={() => scrollBy(-1)}
          >
            <IconChevronLeft aria-hidden="true" />
          </button>
          <button
            type="button"
            className="gs-slider__button"
            aria-label={`Next ${title}`}
            disabled={(atEnd && !hasMore) || loadingMore}
            aria-busy={loadingMore || undefined}
            onClick={next}
          >
            {loadingMore ? (
              <Spinner size="sm" decorative />
            ) : (
              <IconChevronRight aria-hidden="true" />
            )}
          </button>
        </div>
      </div>
      <ul ref={track} className="gs-slider__track" aria-labelledby={headingId} onScroll={measure}>
        {children}
      </ul>
    </section>
  );
}
