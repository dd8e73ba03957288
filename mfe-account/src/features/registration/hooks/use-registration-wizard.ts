import { useCallback } from 'react';
import { useNavigate } from 'react-router-dom';
import { useCurrentUser, useSessionStore, type User } from '@guestspot/shared-api';
import { nextStep, previousStep, type StepDefinition, type StepId } from '../registration-steps';
import {
  useRegistrationDraftStore,
  type RegistrationDraft,
} from '../stores/registration-draft-store';

const EMPTY: RegistrationDraft = {};

/** The signed-in user's draft and the moves between steps. */
export function useRegistrationWizard(step: StepId) {
  const navigate = useNavigate();
  const user = useCurrentUser();
  const draft = useRegistrationDraftStore((state) =>
    user ? (state.drafts[user.id] ?? EMPTY) : EMPTY,
  );
  const updateDraft = useRegistrationDraftStore((state) => state.update);
  const finishDraft = useRegistrationDraftStore((state) => state.finish);

  const update = useCallback(
    (patch: Partial<RegistrationDraft>) => {
      if (user) updateDraft(user.id, patch);
    },
    [user, updateDraft],
  );

  /** Leaves the wizard: an unverified email still has to be confirmed first. */
  const finish = useCallback(async () => {
    let current: User | null = user;
    try {
      current = await useSessionStore.getState().refetch();
    } catch {
      // The profiles were saved; a failed reload of the user only delays fresh data.
    }
    if (user) finishDraft(user.id);
    await navigate(current?.status === 'pending' ? '/check-email' : '/dashboard', {
      replace: true,
    });
  }, [user, finishDraft, navigate]);

  /** Saves `patch` and moves to the next applicable step (or finishes). */
  const goNext = useCallback(
    async (patch: Partial<RegistrationDraft> = {}) => {
      update(patch);
      const type = patch.accountType ?? draft.accountType;
      const next: StepDefinition | null = nextStep(step, type);
      if (next) navigate(next.path);
      else await finish();
    },
    [update, draft.accountType, step, navigate, finish],
  );

  const back = previousStep(step, draft.accountType);
  const goBack = useCallback(() => {
    if (back) navigate(back.path);
  }, [back, navigate]);

  return { user, draft, update, goNext, goBack, canGoBack: back !== null, finish };
}
