import { updateGuestLinks } from '@guestspot/shared-api/guests';
import { GuestLinksForm, linksToValues } from '../../../components/profile-forms';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import { BackButton } from './step-data';

/** Step 6 (/register/guest-social-links): the guest's social accounts and links. */
export function GuestLinksStep() {
  const { draft, update, goNext, goBack, canGoBack } = useRegistrationWizard('guest-links');
  const guestId = draft.guestId;
  return (
    <GuestLinksForm
      initialValues={draft.links ?? linksToValues(null)}
      onChange={(links) => update({ links })}
      submitLabel="Continue"
      secondaryAction={canGoBack ? <BackButton onClick={goBack} /> : undefined}
      onSubmit={async (links) => {
        if (guestId === undefined) return;
        const saved = await updateGuestLinks(guestId, links);
        await goNext({ links: linksToValues(saved), linksDone: true });
      }}
    />
  );
}
