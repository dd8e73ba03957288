import { useState } from 'react';
import { Form, Formik } from 'formik';
import { Link } from 'react-router-dom';
import { applyFormErrors, type SmartlistItem, errorMessages } from '@guestspot/shared-api';
import * as smartlistApi from '@guestspot/shared-api/smartlist';
import { Alert, Avatar, Button, formatDate, Modal, TextField, toast } from '@guestspot/shared-ui';
import { FormTextField } from '@guestspot/shared-ui/forms';
import { itemSchema, splitEmails } from './add-item-dialog';

interface ItemDetailModalProps {
  item: SmartlistItem | null;
  userId: number;
  timezone?: string | null;
  onClose: () => void;
  /** The item as the server saved it. */
  onSaved: (item: SmartlistItem) => void;
  onRemove: (item: SmartlistItem) => void;
  removing?: boolean;
}

function profilePath(item: SmartlistItem): string | null {
  if (!item.profile) return null;
  return `/${item.profile.type === 'guest' ? 'guests' : 'shows'}/${item.profile.slug}`;
}

/** A wishlist entry: its profile, its contact details, its notes and 'Get contact info'. */
export function ItemDetailModal({
  item,
  userId,
  timezone,
  onClose,
  onSaved,
  onRemove,
  removing = false,
}: ItemDetailModalProps) {
  const [note, setNote] = useState('');
  const [sendingNote, setSendingNote] = useState(false);
  const [noteFailed, setNoteFailed] = useState(false);
  const [lookingUp, setLookingUp] = useState(false);
  const [lookupResult, setLookupResult] = useState<string | null>(null);

  if (!item) return null;
  const path = profilePath(item);
  const close = () => {
    setNote('');
    setNoteFailed(false);
    setLookupResult(null);
    onClose();
  };

  const addNote = async () => {
    const text = note.trim();
    if (!text || sendingNote) return;
    setSendingNote(true);
    setNoteFailed(false);
    try {
      onSaved(await smartlistApi.updateSmartlistItem(userId, item.id, { notes: text }));
      setNote('');
    } catch {
      // Spec §8: a failed note send tints the input red.
      setNoteFailed(true);
    } finally {
      setSendingNote(false);
    }
  };

  const getContactInfo = async () => {
    if (!item.domain) return;
    setLookingUp(true);
    setLookupResult(null);
    try {
      const found = await smartlistApi.lookupEmailAddresses(item.domain);
      const known = new Set(item.emails.map((email) => email.toLowerCase()));
      const fresh = found.filter((email) => !known.has(email.toLowerCase()));
      if (fresh.length) {
        onSaved(
          await smartlistApi.updateSmartlistItem(userId, item.id, {
            emails: [...item.emails, ...fresh],
          }),
        );
      }
      setLookupResult(
        found.length === 0
          ? `No email addresses found for ${item.domain}.`
          : `Found ${found.length} email address${found.length === 1 ? '' : 'es'}.`,
      );
    } catch {
      // Spec §8: an email lookup failure is the toast 'Something went wrong.', whatever the cause.
      toast.error(errorMessages.somethingWentWrong);
    } finally {
      setLookingUp(false);
    }
  };

  return (
    <Modal open onClose={close} title={item.name} size="lg">
      <div className="gs-wishlist-detail">
        {item.profile ? (
          <section className="gs-wishlist-detail__profile" aria-label="Profile">
            <Avatar name={item.profile.name} src={item.profile.imageUrl} size={64} />
            <div>
              <p className="gs-wishlist-detail__profile-name">{item.profile.name}</p>
              {item.profile.title || item.profile.description ? (
                <p>{item.profile.title ?? item.profile.description}</p>
              ) : null}
              {item.profile.avg_rating !== null ? (
                <p>Rating {item.profile.avg_rating.toFixed(1)} / 5</p>
              ) : null}
              {path ? <Link to={path}>View profile</Link> : null}
            </div>
          </section>
        ) : null}

        <Formik
          initialValues={{
            name: item.name,
            domain: item.domain ?? '',
            emails: item.emails.join(', '),
            phone: item.phone ?? '',
            notes: '',
          }}
          enableReinitialize
          validationSchema={itemSchema}
          onSubmit={async (values, helpers) => {
            try {
              onSaved(
                await smartlistApi.updateSmartlistItem(userId, item.id, {
                  name: values.name.trim(),
                  domain: values.domain?.trim() || null,
                  emails: splitEmails(values.emails ?? ''),
                  phone: values.phone?.trim() || null,
                }),
              );
              toast.success('Saved.');
            } catch (error) {
              applyFormErrors(error, helpers);
            }
          }}
        >
          {({ isSubmitting, status, dirty }) => (
            <Form noValidate aria-label="Contact details" className="gs-wishlist-form">
              {status?.error ? <Alert tone="danger">{status.error}</Alert> : null}
              <FormTextField name="name" label="Name" required />
              <FormTextField name="domain" label="Domain" />
              <FormTextField name="emails" label="Emails" hint="Separate addresses with commas." />
              <FormTextField name="phone" label="Phone" type="tel" />
              <div className="gs-wishlist-form__actions">
                <Button
                  type="button"
                  variant="secondary"
                  onClick={() => void getContactInfo()}
                  disabled={!item.domain || lookingUp}
                  loading={lookingUp}
                  title={item.domain ? undefined : 'Add a domain first'}
                >
                  Get contact info
                </Button>
                <Button type="submit" loading={isSubmitting} disabled={!dirty || isSubmitting}>
                  Save
                </Button>
              </div>
              {lookupResult ? (
                <p role="status" className="gs-wishlist-detail__lookup">
                  {lookupResult}
                </p>
              ) : null}
            </Form>
          )}
        </Formik>

        <section className="gs-wishlist-detail__notes" aria-labelledby="wishlist-notes-title">
          <h3 id="wishlist-notes-title">Notes</h3>
          {item.notes.length === 0 ? <p>No notes yet.</p> : null}
          <ul>
            {item.notes.map((entry, index) => (
              <li key={`${entry.created_at}-${index}`}>
                <p>{entry.text}</p>
                <time dateTime={entry.created_at}>
                  {formatDate(entry.created_at, 'date-time', { timeZone: timezone })}
                </time>
              </li>
            ))}
          </ul>
          <form
            className="gs-wishlist-detail__note-form"
            aria-label="Add a note"
            onSubmit={(event) => {
              event.preventDefault();
              void addNote();
            }}
          >
            <TextField
              label="New note"
              value={note}
              onChange={(event) => {
                setNote(event.target.value);
                setNoteFailed(false);
              }}
              aria-invalid={noteFailed || undefined}
              data-state={noteFailed ? 'error' : undefined}
              className={noteFailed ? 'gs-wishlist-detail__note--failed' : undefined}
              disabled={sendingNote}
            />
            <Button type="submit" disabled={!note.trim() || sendingNote} loading={sendingNote}>
              Add note
            </Button>
          </form>
        </section>

        <div className="gs-wishlist-detail__footer">
          <Button variant="danger" onClick={() => onRemove(item)} loading={removing}>
            Remove from wishlist
          </Button>
        </div>
      </div>
    </Modal>
  );
}
