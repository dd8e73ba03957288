import { useEffect, useId, useRef, type ReactNode } from 'react';
import { FieldArray, getIn, useFormikContext } from 'formik';
import { Button } from '@guestspot/shared-ui';

/**
 * A list the API replaces whole (a guest's roles, topics, questions) in a surrounding Formik
 * form: a row per entry with a Remove button named after it ('Remove topic 2'), and Add until
 * the API's limit. Focus goes into a new row, and to Add after a removal. An error on the whole
 * list (a 422 on `topics`) shows under it; an entry's errors show on its own fields.
 */
export function ListField<Entry>({
  name,
  legend,
  description,
  noun,
  plural,
  max,
  empty,
  children,
}: {
  name: string;
  legend: string;
  description?: ReactNode;
  /** 'role', 'topic': the rows' Remove buttons and the Add button read it */
  noun: string;
  plural: string;
  max: number;
  /** a new row's values */
  empty: Entry;
  /** a row's fields */
  children: (index: number) => ReactNode;
}) {
  const { values, errors, submitCount } = useFormikContext();
  const entries = getIn(values, name) as Entry[];
  const listError: unknown = getIn(errors, name);
  const error = submitCount > 0 && typeof listError === 'string' ? listError : null;
  const id = useId();
  const list = useRef<HTMLUListElement>(null);
  const addButton = useRef<HTMLButtonElement>(null);
  const focusNext = useRef<'new row' | 'add' | null>(null);

  useEffect(() => {
    const target = focusNext.current;
    focusNext.current = null;
    if (target === 'new row') {
      list.current?.lastElementChild?.querySelector<HTMLElement>('input, textarea')?.focus();
    } else if (target === 'add') {
      addButton.current?.focus();
    }
  }, [entries.length]);

  const describedBy = [description ? `${id}-description` : null, error ? `${id}-error` : null]
    .filter(Boolean)
    .join(' ');

  return (
    <fieldset className="gs-profile-form__group" aria-describedby={describedBy || undefined}>
      <legend className="gs-profile-form__legend">{legend}</legend>
      {description ? (
        <p id={`${id}-description`} className="gs-profile-editor__hint">
          {description}
        </p>
      ) : null}
      <FieldArray name={name}>
        {(array) => (
          <>
            <ul ref={list} className="gs-profile-form__list">
              {entries.map((_, index) => (
                <li key={index} className="gs-profile-form__row gs-profile-editor__list-row">
                  {children(index)}
                  <Button
                    type="button"
                    variant="ghost"
                    aria-label={`Remove ${noun} ${index + 1}`}
                    onClick={() => {
                      focusNext.current = 'add';
                      array.remove(index);
                    }}
                  >
                    Remove
                  </Button>
                </li>
              ))}
            </ul>
            {error ? (
              <p id={`${id}-error`} role="alert" className="gs-profile-form__group-error">
                {error}
              </p>
            ) : null}
            <div className="gs-profile-editor__list-add">
              <Button
                ref={addButton}
                type="button"
                variant="secondary"
                disabled={entries.length >= max}
                aria-describedby={`${id}-count`}
                onClick={() => {
                  focusNext.current = 'new row';
                  array.push(empty);
                }}
              >
                Add {noun}
              </Button>
              <p id={`${id}-count`} className="gs-profile-editor__hint">
                {entries.length} of {max} {plural}
              </p>
            </div>
          </>
        )}
      </FieldArray>
    </fieldset>
  );
}
