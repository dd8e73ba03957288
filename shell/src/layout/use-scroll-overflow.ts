import { useEffect, useState, type RefObject } from 'react';

export interface ScrollOverflow {
  /** There is more to see before what is in view (scrolled away from the start). */
  start: boolean;
  /** There is more to see after what is in view. */
  end: boolean;
}

/**
 * Which sides of a horizontal scroller hide content, kept up to date as it scrolls or its size
 * or its items' sizes change: what a fade at each edge needs to tell that the row scrolls.
 */
export function useScrollOverflow(ref: RefObject<HTMLElement | null>): ScrollOverflow {
  const [start, setStart] = useState(false);
  const [end, setEnd] = useState(false);

  useEffect(() => {
    const scroller = ref.current;
    if (!scroller) return undefined;
    const update = () => {
      const hidden = scroller.scrollWidth - scroller.clientWidth;
      // Right to left, scrollLeft counts down from 0. A pixel of slack: a zoomed screen scrolls
      // by fractions and may stop just short of either end.
      const scrolled = Math.abs(scroller.scrollLeft);
      setStart(scrolled > 1);
      setEnd(scrolled < hidden - 1);
    };
    update();
    scroller.addEventListener('scroll', update, { passive: true });
    const observer = typeof ResizeObserver === 'function' ? new ResizeObserver(update) : null;
    observer?.observe(scroller);
    for (const item of scroller.children) observer?.observe(item);
    return () => {
      scroller.removeEventListener('scroll', update);
      observer?.disconnect();
    };
  }, [ref]);

  return { start, end };
}
