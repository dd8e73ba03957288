import { useState, type DragEvent, type ReactNode } from 'react';
import { DRAG_TYPE } from './wishlist-item-card';

interface WishlistDropZoneProps {
  /** Names the region ('Ungrouped' or the group's name). */
  title: string;
  headingId: string;
  count: number;
  actions?: ReactNode;
  onDropItem: (itemId: number) => void;
  children: ReactNode;
}

/** A group (or the ungrouped area): a labelled region items can be dropped on. */
export function WishlistDropZone({
  title,
  headingId,
  count,
  actions,
  onDropItem,
  children,
}: WishlistDropZoneProps) {
  const [over, setOver] = useState(false);
  const accepts = (event: DragEvent) => event.dataTransfer.types.includes(DRAG_TYPE);
  return (
    <section
      className="gs-wishlist-group"
      aria-labelledby={headingId}
      data-state={over ? 'drop-target' : undefined}
      onDragOver={(event) => {
        if (!accepts(event)) return;
        event.preventDefault();
        event.dataTransfer.dropEffect = 'move';
        setOver(true);
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false);
      }}
      onDrop={(event) => {
        setOver(false);
        const id = Number(event.dataTransfer.getData(DRAG_TYPE));
        if (!Number.isInteger(id) || id < 1) return;
        event.preventDefault();
        onDropItem(id);
      }}
    >
      <header className="gs-wishlist-group__header">
        <h2 id={headingId} className="gs-wishlist-group__title">
          {title} <span className="gs-wishlist-group__count">({count})</span>
        </h2>
        {actions}
      </header>
      {children}
    </section>
  );
}
