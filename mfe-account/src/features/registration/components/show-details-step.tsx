import { createShow, updateShow } from '@guestspot/shared-api/shows';
import {
  emptyShowDetails,
  ShowDetailsEditor,
  showPayload,
} from '../../../components/profile-forms';
import { useRegistrationWizard } from '../hooks/use-registration-wizard';
import { BackButton } from './step-data';

/** Step 5 (/register/profile-setup/show): creates the show, or updates the one made here. */
export function ShowDetailsStep() {
  const { draft, update, goNext, goBack, canGoBack } = useRegistrationWizard('show-details');

  return (
    <ShowDetailsEditor
      initialValues={draft.show ?? emptyShowDetails}
      onChange={(show) => update({ show })}
      submitLabel={draft.accountType === 'show' ? 'Finish' : 'Continue'}
      secondaryAction={canGoBack ? <BackButton onClick={goBack} /> : undefined}
      onSubmit={async (values) => {
        // A user may own several shows: only the one made in this wizard is updated.
        const profile = draft.showId
          ? await updateShow(draft.showId, showPayload(values))
          : await createShow(showPayload(values));
        await goNext({ show: values, showId: profile.id });
      }}
    />
  );
}
