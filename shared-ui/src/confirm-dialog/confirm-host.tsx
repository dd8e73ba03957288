import { create } from 'zustand';
import { ConfirmDialog, type ConfirmDialogProps } from './confirm-dialog';

export type ConfirmOptions = Omit<
  ConfirmDialogProps,
  'open' | 'confirming' | 'onConfirm' | 'onCancel'
> & {
  /**
   * The action to run on confirm. While its promise is pending the dialog shows 'Confirming';
   * if it rejects, the dialog shows the error and stays open so the user can retry or cancel.
   */
  onConfirm?: () => void | Promise<unknown>;
};

type ConfirmRequest = ConfirmOptions & {
  id: number;
  resolve: (confirmed: boolean) => void;
};

type ConfirmState = {
  request: ConfirmRequest | null;
};

// Lives in shared-ui, a Module Federation singleton: host and remotes share this one store.
export const useConfirmStore = create<ConfirmState>(() => ({ request: null }));

let nextId = 1;

/**
 * Asks the user to confirm through the app's <ConfirmHost />. Resolves true once confirmed (and
 * once `onConfirm` has finished), false when cancelled. A new request cancels an open one.
 */
export function confirm(options: ConfirmOptions = {}): Promise<boolean> {
  return new Promise<boolean>((resolve) => {
    useConfirmStore.getState().request?.resolve(false);
    nextId += 1;
    useConfirmStore.setState({ request: { ...options, id: nextId, resolve } });
  });
}

function settle(id: number, confirmed: boolean) {
  const { request } = useConfirmStore.getState();
  if (request?.id !== id) return;
  request.resolve(confirmed);
  useConfirmStore.setState({ request: null });
}

/** Renders the dialog for confirm(). The shell renders exactly one. */
export function ConfirmHost() {
  const request = useConfirmStore((state) => state.request);
  if (!request) return null;
  const { id, resolve: _resolve, onConfirm, ...options } = request;
  return (
    <ConfirmDialog
      key={id}
      open
      {...options}
      onConfirm={() => {
        const result = onConfirm?.();
        if (result instanceof Promise) return result.then(() => settle(id, true));
        settle(id, true);
      }}
      onCancel={() => settle(id, false)}
    />
  );
}
