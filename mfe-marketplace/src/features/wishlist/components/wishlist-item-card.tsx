import type { DragEvent } from 'react';
import type { SmartlistGroup, SmartlistItem } from '@guestspot/shared-api';
import { Avatar, Select } from '@guestspot/shared-ui';

/** Spec §9: the note preview and the profile text are cut at these lengths. */
export const NOTE_PREVIEW = 65;
export const PROFILE_TEXT = 25;
export const DRAG_TYPE = 'application/x-guestspot-wishlist-item';
export const UNGROUPED = 'ungrouped';

export function truncate(text: string, length: number): string {
  return text.length > length ? `${text.slice(0, length).trimEnd()}…` : text;
}

export function profileText(item: SmartlistItem): string | null {
  const text = item.profile?.title ?? item.profile?.description ?? item.profile?.bio ?? null;
  return text ? truncate(text, PROFILE_TEXT) : null;
}

interface WishlistItemCardProps {
  item: SmartlistItem;
  groups: SmartlistGroup[];
  onOpen: (item: SmartlistItem) => void;
  onMove: (item: SmartlistItem, groupId: number | null) => void;
}

/**
 * One person on the wishlist: dragged by mouse between groups, or moved with the 'Move to' select
 * (the keyboard way); the name opens the detail dialog.
 */
export function WishlistItemCard({ item, groups, onOpen, onMove }: WishlistItemCardProps) {
  const lastNote = item.notes.at(-1);
  const subtitle = profileText(item);
  const onDragStart = (event: DragEvent<HTMLLIElement>) => {
    event.dataTransfer.setData(DRAG_TYPE, String(item.id));
    event.dataTransfer.setData('text/plain', item.name);
    event.dataTransfer.effectAllowed = 'move';
  };
  return (
    <li className="gs-wishlist-item" draggable onDragStart={onDragStart} data-item-id={item.id}>
      <Avatar name={item.name} src={item.profile?.imageUrl ?? null} size={40} />
      <div className="gs-wishlist-item__body">
        <button type="button" className="gs-wishlist-item__name" onClick={() => onOpen(item)}>
          {item.name}
        </button>
        {subtitle ? <p className="gs-wishlist-item__subtitle">{subtitle}</p> : null}
        {lastNote ? (
          <p className="gs-wishlist-item__note">{truncate(lastNote.text, NOTE_PREVIEW)}</p>
        ) : null}
      </div>
      <Select
        label={`Move ${item.name} to`}
        hideLabel
        size="sm"
        containerClassName="gs-wishlist-item__move"
        value={item.group === null ? UNGROUPED : String(item.group)}
        options={[
          { value: UNGROUPED, label: 'Ungrouped' },
          ...groups.map((group) => ({ value: String(group.id), label: group.name })),
        ]}
        onChange={(event) => {
          const value = event.target.value;
          onMove(item, value === UNGROUPED ? null : Number(value));
        }}
      />
    </li>
  );
}
