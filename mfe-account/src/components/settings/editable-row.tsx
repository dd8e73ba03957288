import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Form, Formik, type FormikProps, type FormikValues } from 'formik';
import type { AnyObjectSchema } from 'yup';
import { Alert, Button } from '@guestspot/shared-ui';
import { applyNestedFormErrors } from '@guestspot/shared-ui/forms';
import './settings.css';

export interface EditableRowProps<Values extends FormikValues> {
  /** The row's name ('Name', 'Email', ...); the Edit button reads 'Edit {label}'. */
  label: string;
  /** What the row shows while not editing. */
  view: ReactNode;
  /** The saved values; Cancel comes back to them. */
  initialValues: Values;
  schema?: AnyObjectSchema;
  /**
   * Sends the values. A thrown ApiError's field errors land on the matching fields and its
   * message in the row's alert; resolve to leave edit mode.
   */
  save: (values: Values) => Promise<unknown>;
  /** Called with the error after it was mapped onto the form (e.g. the password row's toast). */
  onError?: (error: unknown) => void;
  /** The fields shown while editing. */
  children: ReactNode | ((form: FormikProps<Values>) => ReactNode);
  /** false hides Edit (a row the viewer may only read). */
  editable?: boolean;
}

/**
 * A Settings row that toggles view and edit (spec §4): Edit opens the form, Save sends it and is
 * disabled while the request is in flight, a successful save leaves edit mode, Cancel restores
 * the saved values and leaves edit mode. Focus moves into the form on Edit and back to Edit after.
 */
export function EditableRow<Values extends FormikValues>({
  label,
  view,
  initialValues,
  schema,
  save,
  onError,
  children,
  editable = true,
}: EditableRowProps<Values>) {
  const [editing, setEditing] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const row = useRef<HTMLDivElement>(null);
  const labelId = useId();

  useEffect(() => {
    if (!editing) return;
    // Formik's <Form> does not pass a ref on: find the first field from the row.
    row.current
      ?.querySelector<HTMLElement>(
        'form input:not([disabled]), form select:not([disabled]), form textarea',
      )
      ?.focus();
  }, [editing]);

  function close() {
    setEditing(false);
    // After React re-renders the view, give focus back to the row's Edit button.
    queueMicrotask(() => editButton.current?.focus());
  }

  return (
    <div ref={row} className="gs-settings-row" aria-labelledby={labelId} role="group">
      <div id={labelId} className="gs-settings-row__label">
        {label}
      </div>
      {editing ? (
        <Formik<Values>
          initialValues={initialValues}
          validationSchema={schema}
          onSubmit={async (values, helpers) => {
            try {
              await save(values);
              close();
            } catch (error) {
              applyNestedFormErrors(error, helpers);
              onError?.(error);
            }
          }}
        >
          {(form) => (
            <Form noValidate className="gs-settings-row__form" aria-label={`Edit ${label}`}>
              {form.status?.error ? <Alert tone="danger">{form.status.error}</Alert> : null}
              {typeof children === 'function' ? children(form) : children}
              <div className="gs-settings-row__form-actions">
                <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting}>
                  Save
                </Button>
                <Button
                  type="button"
                  variant="secondary"
                  disabled={form.isSubmitting}
                  onClick={() => {
                    form.resetForm();
                    close();
                  }}
                >
                  Cancel
                </Button>
              </div>
            </Form>
          )}
        </Formik>
      ) : (
        <>
          <div className="gs-settings-row__content">{view}</div>
          {editable ? (
            <div className="gs-settings-row__actions">
              <Button
                ref={editButton}
                variant="secondary"
                size="sm"
                aria-label={`Edit ${label}`}
                onClick={() => setEditing(true)}
              >
                Edit
              </Button>
            </div>
          ) : null}
        </>
      )}
    </div>
  );
}
