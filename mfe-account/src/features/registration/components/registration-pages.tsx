import { RegistrationWizard } from './registration-wizard';
import { GoProStep } from './go-pro-step';
import { AccountTypeStep } from './account-type-step';
import { GuestDetailsStep } from './guest-details-step';
import { ShowDetailsStep } from './show-details-step';
import { GuestLinksStep } from './guest-links-step';
import { AvailabilityStep } from './availability-step';

// One page per wizard URL (routes.tsx), each the step's form inside the wizard frame. Steps 2 to 7
// (signed in) share one chunk; step 1 (/register, for visitors) is its own, register-page.tsx.

export function RegisterSubscriptionPage() {
  return (
    <RegistrationWizard step="subscription">
      <GoProStep />
    </RegistrationWizard>
  );
}

export function RegisterProfileTypePage() {
  return (
    <RegistrationWizard step="profile-type">
      <AccountTypeStep />
    </RegistrationWizard>
  );
}

export function RegisterGuestDetailsPage() {
  return (
    <RegistrationWizard step="guest-details">
      <GuestDetailsStep />
    </RegistrationWizard>
  );
}

export function RegisterShowDetailsPage() {
  return (
    <RegistrationWizard step="show-details">
      <ShowDetailsStep />
    </RegistrationWizard>
  );
}

export function RegisterGuestLinksPage() {
  return (
    <RegistrationWizard step="guest-links">
      <GuestLinksStep />
    </RegistrationWizard>
  );
}

export function RegisterAvailabilityPage() {
  return (
    <RegistrationWizard step="availability">
      <AvailabilityStep />
    </RegistrationWizard>
  );
}
