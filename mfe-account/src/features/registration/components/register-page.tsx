import { Navigate } from 'react-router-dom';
import { useCurrentUser } from '@guestspot/shared-api';
import { firstIncompleteStep } from '../registration-steps';
import { useRegistrationDraftStore } from '../stores/registration-draft-store';
import { RegistrationWizard } from './registration-wizard';
import { PersonalInformationStep } from './personal-information-step';

/**
 * /register, and /register-pro (the same form; the draft remembers the Pro entry). Open to
 * everyone so the page itself decides for a signed-in user: one with a wizard draft (just
 * registered here, back mid-wizard, or still pending) resumes at the first incomplete step, anyone else goes
 * Home as on a guest-only page. (As guest-only, the shell's guard could see the new session
 * before the move to step 2 and send the new user Home.)
 */
export function RegisterPage({ pro = false }: { pro?: boolean }) {
  const user = useCurrentUser();
  const draft = useRegistrationDraftStore((state) => (user ? state.drafts[user.id] : undefined));
  if (user) {
    // A pending (just registered) user is still in the wizard, even from another browser.
    const inWizard = draft ?? (user.status === 'pending' ? {} : undefined);
    const next = inWizard ? firstIncompleteStep(inWizard, true) : null;
    return <Navigate to={next?.path ?? '/'} replace />;
  }
  return (
    <RegistrationWizard step="personal">
      <PersonalInformationStep pro={pro} />
    </RegistrationWizard>
  );
}
