import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { errorMessages, isApiError, type GuestProfile } from '@guestspot/shared-api';
import {
  Avatar,
  Button,
  confirm,
  EmptyState,
  Skeleton,
  SkeletonGroup,
  TextField,
  toast,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { SettingsQuery, SettingsSection } from '../../../components/settings';
import { useGuestSearch, usePastGuests, usePastGuestWrites } from '../hooks/use-past-guests';
import './past-guests.css';

/** The API's limit (decision 098). */
const MAX_PAST_GUESTS = 100;
/** Typing pauses this long before the search asks the server. */
const SEARCH_DELAY_MS = 300;

const ADDED = 'Past guest added.';
const REMOVED = 'Past guest removed.';

/** The server's own message for a refused guest (422), else the spec's generic failure. */
function failureOf(error: unknown): string {
  return isApiError(error) && error.isValidation
    ? error.message
    : errorMessages.errorSomethingWentWrong;
}

/**
 * /details → Past guests (spec §7 "POST and DELETE /shows/{id}/past-guests"): the guests a show
 * has had on, as its page lists them (first added first), each linking to the guest's public
 * page. "Add past guest" opens a search of public guest profiles by name; Remove asks first.
 */
export function PastGuestsSection({ showId }: { showId: number }) {
  const query = usePastGuests(showId);
  const writes = usePastGuestWrites(showId);
  const [searching, setSearching] = useState(false);
  /** the guest being added or removed: every action waits for it */
  const [saving, setSaving] = useState<number | null>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  async function add(guest: GuestProfile) {
    setSaving(guest.id);
    try {
      await writes.add(guest.id);
      toast.success(ADDED);
    } catch (error) {
      toast.error(failureOf(error));
    } finally {
      setSaving(null);
    }
  }

  async function remove(guest: GuestProfile) {
    await confirm({
      title: 'Remove past guest?',
      message: `${guest.name} will no longer be listed on your show’s page.`,
      confirmLabel: 'Remove',
      tone: 'danger',
      onConfirm: async () => {
        setSaving(guest.id);
        try {
          await writes.remove(guest.id);
          toast.success(REMOVED);
          // the row and its button are gone: focus goes to Add
          setTimeout(() => addButton.current?.focus(), 0);
        } catch (error) {
          toast.error(failureOf(error));
        } finally {
          setSaving(null);
        }
      },
    });
  }

  return (
    <SettingsSection
      id="past-guests"
      title="Past guests"
      description="Guests who have been on your show, listed on its page."
    >
      <SettingsQuery
        query={query}
        loadingLabel="Loading your past guests"
        errorMessage="Your past guests could not be loaded."
      >
        {(guests) => {
          const listed = new Set(guests.map((guest) => guest.id));
          const full = guests.length >= MAX_PAST_GUESTS;
          return (
            <div className="gs-past-guests">
              {guests.length === 0 ? (
                <EmptyState
                  titleAs="h3"
                  size="sm"
                  title="No past guests yet"
                  message="Add guests who have been on your show, so people see who you talk to."
                />
              ) : (
                <ul className="gs-past-guests__list" aria-label="Your past guests">
                  {guests.map((guest) => (
                    <li key={guest.id} className="gs-past-guests__item">
                      <Link to={`/guests/${guest.slug}`} className="gs-past-guests__guest">
                        <span aria-hidden="true">
                          <Avatar name={guest.name} src={guest.smallThumbUrl} size={40} />
                        </span>
                        <span>{guest.name}</span>
                      </Link>
                      <Button
                        variant="ghost"
                        size="sm"
                        disabled={saving !== null}
                        loading={saving === guest.id}
                        onClick={() => void remove(guest)}
                      >
                        Remove <VisuallyHidden>{guest.name}</VisuallyHidden>
                      </Button>
                    </li>
                  ))}
                </ul>
              )}
              <div className="gs-past-guests__toolbar">
                <Button
                  ref={addButton}
                  variant="secondary"
                  aria-expanded={searching}
                  aria-controls={searching ? panelId : undefined}
                  disabled={full}
                  onClick={() => setSearching((open) => !open)}
                >
                  Add past guest
                </Button>
                {full ? (
                  <p className="gs-past-guests__full">
                    A show may list at most {MAX_PAST_GUESTS} past guests.
                  </p>
                ) : null}
              </div>
              {searching && !full ? (
                <GuestSearch
                  id={panelId}
                  listed={listed}
                  saving={saving}
                  add={(guest) => void add(guest)}
                  close={() => {
                    setSearching(false);
                    addButton.current?.focus();
                  }}
                />
              ) : null}
            </div>
          );
        }}
      </SettingsQuery>
    </SettingsSection>
  );
}

/** The search of public guest profiles by name, with an Add button per match. */
function GuestSearch({
  id,
  listed,
  saving,
  add,
  close,
}: {
  id: string;
  listed: ReadonlySet<number>;
  saving: number | null;
  add: (guest: GuestProfile) => void;
  close: () => void;
}) {
  const [typed, setTyped] = useState('');
  const [term, setTerm] = useState('');
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => input.current?.focus(), []);
  useEffect(() => {
    const timer = setTimeout(() => setTerm(typed.trim()), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [typed]);
  const search = useGuestSearch(term);

  let results = null;
  if (term === '') {
    results = null;
  } else if (search.isPending) {
    results = (
      <SkeletonGroup label="Searching guests">
        <Skeleton variant="text" />
        <Skeleton variant="text" />
      </SkeletonGroup>
    );
  } else if (search.isError) {
    results = (
      <p role="alert" className="gs-past-guests__message">
        The search failed.{' '}
        <Button variant="ghost" size="sm" onClick={() => void search.refetch()}>
          Retry
        </Button>
      </p>
    );
  } else if (search.data.length === 0) {
    results = <p className="gs-past-guests__message">No guests match “{term}”.</p>;
  } else {
    results = (
      <ul className="gs-past-guests__list" aria-label="Matching guests">
        {search.data.map((guest) => (
          <li key={guest.id} className="gs-past-guests__item">
            <span className="gs-past-guests__guest">
              <span aria-hidden="true">
                <Avatar name={guest.name} src={guest.smallThumbUrl} size={32} />
              </span>
              <span>{guest.name}</span>
            </span>
            {listed.has(guest.id) ? (
              <span className="gs-past-guests__listed">Listed</span>
            ) : (
              <Button
                size="sm"
                disabled={saving !== null}
                loading={saving === guest.id}
                onClick={() => add(guest)}
              >
                Add <VisuallyHidden>{guest.name}</VisuallyHidden>
              </Button>
            )}
          </li>
        ))}
      </ul>
    );
  }

  return (
    <div id={id} role="search" aria-label="Add a past guest" className="gs-past-guests__search">
      <TextField
        ref={input}
        type="search"
        label="Search guests by name"
        autoComplete="off"
        value={typed}
        onChange={(event) => setTyped(event.currentTarget.value)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') close();
        }}
      />
      <div aria-live="polite">{results}</div>
      <Button variant="secondary" size="sm" onClick={close}>
        Done
      </Button>
    </div>
  );
}
