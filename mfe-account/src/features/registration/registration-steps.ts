import type { AccountChoice, RegistrationDraft } from './stores/registration-draft-store';

export type StepId =
  | 'personal'
  | 'subscription'
  | 'profile-type'
  | 'guest-details'
  | 'show-details'
  | 'guest-links'
  | 'availability';

export interface StepDefinition {
  id: StepId;
  number: number;
  title: string;
  path: string;
  /** which account types see this step; undefined = everyone */
  for?: 'guest' | 'show';
}

export const STEPS: readonly StepDefinition[] = [
  { id: 'personal', number: 1, title: 'Personal Information', path: '/register' },
  { id: 'subscription', number: 2, title: 'Go Pro', path: '/register/subscription' },
  { id: 'profile-type', number: 3, title: 'Account Type', path: '/register/profile-type' },
  {
    id: 'guest-details',
    number: 4,
    title: 'Guest Details',
    path: '/register/profile-setup/guest',
    for: 'guest',
  },
  {
    id: 'show-details',
    number: 5,
    title: 'Show Details',
    path: '/register/profile-setup/show',
    for: 'show',
  },
  {
    id: 'guest-links',
    number: 6,
    title: 'Guest Linked Accounts',
    path: '/register/guest-social-links',
    for: 'guest',
  },
  {
    id: 'availability',
    number: 7,
    title: 'Interview Availability',
    path: '/register/availability',
    for: 'guest',
  },
];

function includes(type: AccountChoice | undefined, target: 'guest' | 'show'): boolean {
  return type === target || type === 'both';
}

/** The steps this account type goes through; before a type is chosen, all seven are shown. */
export function applicableSteps(type: AccountChoice | undefined): StepDefinition[] {
  if (!type) return [...STEPS];
  return STEPS.filter((step) => !step.for || includes(type, step.for));
}

export function isStepDone(step: StepId, draft: RegistrationDraft, signedIn: boolean): boolean {
  switch (step) {
    case 'personal':
      return signedIn;
    case 'subscription':
      return Boolean(draft.subscriptionDone);
    case 'profile-type':
      return Boolean(draft.accountTypeDone && draft.accountType);
    case 'guest-details':
      return draft.guestId !== undefined;
    case 'show-details':
      return draft.showId !== undefined;
    case 'guest-links':
      return Boolean(draft.linksDone);
    case 'availability':
      return Boolean(draft.availabilityDone);
  }
}

/** The first step not yet done, or null when every applicable step is. */
export function firstIncompleteStep(
  draft: RegistrationDraft,
  signedIn: boolean,
): StepDefinition | null {
  return (
    applicableSteps(draft.accountType).find((step) => !isStepDone(step.id, draft, signedIn)) ?? null
  );
}

/** The step after `current` for this account type, or null at the end. */
export function nextStep(current: StepId, type: AccountChoice | undefined): StepDefinition | null {
  const steps = applicableSteps(type);
  const index = steps.findIndex((step) => step.id === current);
  return steps[index + 1] ?? null;
}

export function previousStep(
  current: StepId,
  type: AccountChoice | undefined,
): StepDefinition | null {
  const steps = applicableSteps(type);
  const index = steps.findIndex((step) => step.id === current);
  // Step 1 cannot be revisited once the account exists.
  const previous = steps[index - 1];
  return previous && previous.id !== 'personal' ? previous : null;
}
