import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import {
  serverMessage,
  useCurrentUser,
  type SmartlistGroup,
  type SmartlistItem,
  errorMessages,
} from '@guestspot/shared-api';
import * as smartlistApi from '@guestspot/shared-api/smartlist';
import {
  Alert,
  Button,
  EmptyState,
  ErrorState,
  openProFeatureDialog,
  Skeleton,
  SkeletonGroup,
  confirm,
  toast,
} from '@guestspot/shared-ui';
import {
  groupsOfType,
  LIMIT_MESSAGE,
  useMoveItem,
  useRefreshWishlist,
  useStoreItem,
  useWishlist,
  WISHLIST_LIMIT,
  type WishlistType,
} from '../hooks/use-wishlist';
import { invalidateFavourites } from '../../../lib/favourite-cache';
import { AddItemDialog } from './add-item-dialog';
import { GroupDialog } from './group-dialog';
import { ItemDetailModal } from './item-detail-modal';
import { WishlistDropZone } from './wishlist-group-section';
import { WishlistItemCard } from './wishlist-item-card';
import './wishlist.css';

export const EMPTY_TEXT = "You don't have favorites yet";

const TABS: { type: WishlistType; label: string; param: string }[] = [
  { type: 'guest', label: 'Guest wishlist', param: 'guest' },
  { type: 'show', label: 'Show wishlist', param: 'show' },
];

/** /wishlist?tab=show opens the show wishlist, anything else the guest wishlist. */
export function tabFromParam(value: string | null): WishlistType {
  return value === 'show' ? 'show' : 'guest';
}

type GroupDialogState = { mode: 'create' } | { mode: 'rename'; group: SmartlistGroup } | null;

/** /wishlist: the user's saved guests and shows, grouped, with notes and contact details. */
export function WishlistPage() {
  const user = useCurrentUser();
  if (!user) return null; // the route is 'auth': the guard signs visitors in first
  return (
    <WishlistScreen userId={user.id} isPro={user.account_type === 'pro'} timezone={user.timezone} />
  );
}

function WishlistScreen({
  userId,
  isPro,
  timezone,
}: {
  userId: number;
  isPro: boolean;
  timezone: string | null | undefined;
}) {
  const [params, setParams] = useSearchParams();
  const type = tabFromParam(params.get('tab'));
  const { items, groups } = useWishlist(userId);
  const move = useMoveItem(userId);
  const refresh = useRefreshWishlist(userId);
  const storeItem = useStoreItem(userId);
  const queryClient = useQueryClient();
  const [adding, setAdding] = useState(false);
  const [limitReached, setLimitReached] = useState(false);
  const [groupDialog, setGroupDialog] = useState<GroupDialogState>(null);
  const [openItemId, setOpenItemId] = useState<number | null>(null);
  const tabRefs = useRef<(HTMLButtonElement | null)[]>([]);
  const baseId = useId();

  const remove = useMutation({
    mutationFn: (item: SmartlistItem) => smartlistApi.removeSmartlistItem(userId, item.id),
    onSuccess: () => {
      setOpenItemId(null);
      setLimitReached(false);
      // Removing an entry also unfavourites its profile.
      void invalidateFavourites(queryClient);
      return refresh();
    },
    onError: (error) => toast.error(serverMessage(error, errorMessages.somethingWentWrong)),
  });

  const allItems = items.data ?? [];
  const ofType = allItems.filter((item) => item.type === type);
  const typeGroups = groupsOfType(groups.data, type);
  const openItem = allItems.find((item) => item.id === openItemId) ?? null;
  const atLimit = !isPro && allItems.length >= WISHLIST_LIMIT;

  const showLimit = () => {
    setLimitReached(true);
    openProFeatureDialog({ message: LIMIT_MESSAGE });
  };

  const onAdd = () => {
    if (atLimit) showLimit();
    else setAdding(true);
  };

  const moveItem = (item: SmartlistItem, groupId: number | null) => {
    if (item.group === groupId) return;
    move.mutate({ itemId: item.id, groupId });
  };
  const dropOn = (groupId: number | null) => (itemId: number) => {
    const item = ofType.find((candidate) => candidate.id === itemId);
    if (item) moveItem(item, groupId);
  };

  const selectTab = (next: WishlistType) => {
    setParams(next === 'show' ? { tab: 'show' } : {}, { replace: true });
  };
  const onTabKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const keys: Record<string, number> = {
      ArrowRight: (index + 1) % TABS.length,
      ArrowLeft: (index - 1 + TABS.length) % TABS.length,
      Home: 0,
      End: TABS.length - 1,
    };
    const target = keys[event.key];
    if (target === undefined) return;
    event.preventDefault();
    const tab = TABS[target];
    if (tab) selectTab(tab.type);
    tabRefs.current[target]?.focus();
  };

  const deleteGroup = async (group: SmartlistGroup) => {
    await confirm({
      title: `Delete ${group.name}?`,
      message: 'The people in this group stay on your wishlist, ungrouped.',
      confirmLabel: 'Delete group',
      tone: 'danger',
      onConfirm: async () => {
        try {
          await smartlistApi.deleteSmartlistGroup(userId, group.id);
          await refresh();
        } catch (error) {
          toast.error(serverMessage(error, errorMessages.somethingWentWrong));
        }
      },
    });
  };

  const renderItems = (list: SmartlistItem[], emptyText: string) =>
    list.length === 0 ? (
      <p className="gs-wishlist-group__empty">{emptyText}</p>
    ) : (
      <ul className="gs-wishlist-group__items">
        {list.map((item) => (
          <WishlistItemCard
            key={item.id}
            item={item}
            groups={typeGroups}
            onOpen={(opened) => setOpenItemId(opened.id)}
            onMove={moveItem}
          />
        ))}
      </ul>
    );

  const loading = items.isPending || groups.isPending;
  const failed = items.isError || groups.isError;
  const ungrouped = ofType.filter(
    (item) => item.group === null || !typeGroups.some((group) => group.id === item.group),
  );

  let body;
  if (loading) {
    body = (
      <SkeletonGroup label="Loading wishlist" className="gs-wishlist-groups">
        {[0, 1, 2, 3].map((index) => (
          <Skeleton key={index} height={64} />
        ))}
      </SkeletonGroup>
    );
  } else if (failed) {
    body = (
      <ErrorState
        title="The wishlist could not be loaded."
        onRetry={() => void Promise.all([items.refetch(), groups.refetch()])}
        retrying={items.isFetching || groups.isFetching}
      />
    );
  } else {
    body = (
      <>
        {ofType.length === 0 ? <EmptyState title={EMPTY_TEXT} size="sm" /> : null}
        {ofType.length > 0 || typeGroups.length > 0 ? (
          <div className="gs-wishlist-groups">
            <WishlistDropZone
              title="Ungrouped"
              headingId={`${baseId}-ungrouped`}
              count={ungrouped.length}
              onDropItem={dropOn(null)}
            >
              {renderItems(ungrouped, 'Drop people here to take them out of a group.')}
            </WishlistDropZone>
            {typeGroups.map((group) => (
              <WishlistDropZone
                key={group.id}
                title={group.name}
                headingId={`${baseId}-group-${group.id}`}
                count={ofType.filter((item) => item.group === group.id).length}
                onDropItem={dropOn(group.id)}
                actions={
                  <div className="gs-wishlist-group__actions">
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Rename ${group.name}`}
                      onClick={() => setGroupDialog({ mode: 'rename', group })}
                    >
                      Rename
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      aria-label={`Delete ${group.name}`}
                      onClick={() => void deleteGroup(group)}
                    >
                      Delete
                    </Button>
                  </div>
                }
              >
                {renderItems(
                  ofType.filter((item) => item.group === group.id),
                  'Drag people here, or use their Move to menu.',
                )}
              </WishlistDropZone>
            ))}
          </div>
        ) : null}
      </>
    );
  }

  return (
    <div className="gs-wishlist">
      <h1 className="gs-wishlist__title">Wishlist</h1>
      <div role="tablist" aria-label="Wishlist" className="gs-wishlist__tabs">
        {TABS.map((tab, index) => (
          <button
            key={tab.type}
            ref={(element) => {
              tabRefs.current[index] = element;
            }}
            type="button"
            role="tab"
            id={`${baseId}-tab-${tab.type}`}
            aria-selected={tab.type === type}
            aria-controls={`${baseId}-panel`}
            tabIndex={tab.type === type ? 0 : -1}
            className="gs-wishlist__tab"
            data-state={tab.type === type ? 'active' : 'inactive'}
            onClick={() => selectTab(tab.type)}
            onKeyDown={(event) => onTabKeyDown(event, index)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div
        role="tabpanel"
        id={`${baseId}-panel`}
        aria-labelledby={`${baseId}-tab-${type}`}
        className="gs-wishlist__panel"
      >
        <div className="gs-wishlist__toolbar">
          <Button onClick={onAdd} disabled={loading}>
            Add
          </Button>
          <Button
            variant="secondary"
            onClick={() => setGroupDialog({ mode: 'create' })}
            disabled={loading}
          >
            Add wishlist group
          </Button>
          {!isPro && !loading && !failed ? (
            <span className="gs-wishlist__count">
              {allItems.length} of {WISHLIST_LIMIT} people
            </span>
          ) : null}
        </div>
        {limitReached ? (
          <Alert tone="warning">
            {LIMIT_MESSAGE}{' '}
            <Button variant="link" onClick={() => openProFeatureDialog({ message: LIMIT_MESSAGE })}>
              Upgrade to Pro
            </Button>
          </Alert>
        ) : null}
        {body}
      </div>

      <AddItemDialog
        open={adding}
        userId={userId}
        type={type}
        onClose={() => setAdding(false)}
        onAdded={() => {
          setAdding(false);
          void refresh();
        }}
        onLimit={() => {
          setAdding(false);
          showLimit();
          void refresh();
        }}
      />
      <GroupDialog
        open={groupDialog !== null}
        title={groupDialog?.mode === 'rename' ? 'Rename group' : 'Add wishlist group'}
        submitLabel={groupDialog?.mode === 'rename' ? 'Save' : 'Add group'}
        initialName={groupDialog?.mode === 'rename' ? groupDialog.group.name : ''}
        onClose={() => setGroupDialog(null)}
        onSubmit={async (name) => {
          if (groupDialog?.mode === 'rename') {
            await smartlistApi.renameSmartlistGroup(userId, groupDialog.group.id, name);
          } else {
            await smartlistApi.createSmartlistGroup(userId, { name, type });
          }
          setGroupDialog(null);
          await refresh();
        }}
      />
      <ItemDetailModal
        item={openItem}
        userId={userId}
        timezone={timezone}
        onClose={() => setOpenItemId(null)}
        onSaved={storeItem}
        onRemove={(item) => remove.mutate(item)}
        removing={remove.isPending}
      />
    </div>
  );
}
