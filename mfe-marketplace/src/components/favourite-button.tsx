import { useEffect, useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  isApiError,
  queryKeys,
  serverMessage,
  useSessionStore,
  type ProfileListType,
  errorMessages,
} from '@guestspot/shared-api';
import { toggleFavorite } from '@guestspot/shared-api/favorites';
import { cx, openLoginModal, openProFeatureDialog, toast } from '@guestspot/shared-ui';
import { setFavouriteInCache } from '../lib/favourite-cache';
import './favourite-button.css';

/**
 * Whether a failed favourite is the wishlist limit of a standard account ('You reached the limit
 * of 10 people'): the server answers 426 (Pro only) or names the limit in its message.
 */
export function isUpgradeError(error: unknown): boolean {
  return isApiError(error) && (error.status === 426 || /reached the limit/i.test(error.message));
}

export interface FavouriteButtonProps {
  type: ProfileListType;
  id: number;
  /** The profile's name, for the accessible name 'Favourite {name}'. */
  name: string;
  /** The profile's is_favourited as last loaded. */
  favourited: boolean;
  /** Where a visitor returns after signing in through the login dialog. */
  redirect?: string;
  size?: 'sm' | 'md';
  className?: string;
}

/**
 * The heart on cards and profile pages. It flips from the server's is_favorited (never
 * optimistically), is disabled while the call is in flight, and sends visitors to the login dialog.
 */
export function FavouriteButton({
  type,
  id,
  name,
  favourited,
  redirect,
  size = 'md',
  className,
}: FavouriteButtonProps) {
  const authenticated = useSessionStore((state) => state.authenticated);
  const queryClient = useQueryClient();
  const [pressed, setPressed] = useState(favourited);
  useEffect(() => setPressed(favourited), [favourited]);

  const mutation = useMutation({
    mutationFn: () => toggleFavorite(type, id),
    onSuccess: (result) => {
      setPressed(result.is_favorited);
      setFavouriteInCache(queryClient, type, id, result.is_favorited);
      // Favourites are wishlist entries.
      void queryClient.invalidateQueries({ queryKey: queryKeys.smartlist });
    },
    onError: (error) => {
      const message = serverMessage(error, errorMessages.somethingWentWrongNoStop);
      toast.error(message);
      if (isUpgradeError(error)) openProFeatureDialog({ message });
    },
  });

  const onClick = () => {
    if (!authenticated) {
      openLoginModal(redirect ? { redirect } : undefined);
      return;
    }
    mutation.mutate();
  };

  return (
    <button
      type="button"
      className={cx('gs-favourite', className)}
      data-size={size}
      data-state={pressed ? 'on' : 'off'}
      aria-pressed={pressed}
      aria-label={`Favourite ${name}`}
      aria-busy={mutation.isPending || undefined}
      disabled={mutation.isPending}
      onClick={onClick}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="gs-favourite__icon">
        <path d="M12 21s-7.5-4.6-9.6-9.1C.9 8.6 2.9 4.5 6.7 4.5c2.2 0 3.9 1.2 5.3 3.1 1.4-1.9 3.1-3.1 5.3-3.1 3.8 0 5.8 4.1 4.3 7.4C19.5 16.4 12 21 12 21z" />
      </svg>
    </button>
  );
}
