import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { errorMessages } from '@guestspot/shared-api';
import { Button, toast } from '@guestspot/shared-ui';
import '../../../components/settings/settings.css';
import './profile-details-editors.css';

export interface PanelEditor {
  /**
   * Runs the section's request: on success a toast, and the panel goes back to view; on failure
   * the failure toast and the error is thrown on, so the form maps its 422 onto the fields and
   * keeps what was typed.
   */
  save: (send: () => Promise<unknown>) => Promise<void>;
  /** Cancel, disabled while saving; put it beside the form's Save. */
  cancel: ReactNode;
}

/**
 * One editor of the /details pages: the saved values with Edit, or a whole profile form (the
 * registration wizard's) with Save and Cancel. The Settings rows' behaviour (EditableRow) for a
 * form that brings its own Formik: focus goes into the form and back to Edit after.
 */
export function EditorPanel({
  label,
  view,
  children,
}: {
  /** 'Details', 'Links'...: the Edit button reads 'Edit {label}', the toast '{label} saved.' */
  label: string;
  view: ReactNode;
  children: (editor: PanelEditor) => ReactNode;
}) {
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const editButton = useRef<HTMLButtonElement>(null);
  const formArea = useRef<HTMLDivElement>(null);
  const labelId = useId();

  useEffect(() => {
    if (!editing) return;
    formArea.current
      ?.querySelector<HTMLElement>('input:not([type=file]):not([disabled]), textarea, select')
      ?.focus();
  }, [editing]);

  const close = () => {
    setEditing(false);
    queueMicrotask(() => editButton.current?.focus());
  };

  const save = async (send: () => Promise<unknown>) => {
    setSaving(true);
    try {
      await send();
      toast.success(`${label} saved.`);
      close();
    } catch (error) {
      toast.error(errorMessages.errorSomethingWentWrong);
      throw error;
    } finally {
      setSaving(false);
    }
  };

  return (
    <div className="gs-settings-row gs-profile-editor" role="group" aria-labelledby={labelId}>
      <div id={labelId} className="gs-settings-row__label">
        {label}
      </div>
      {editing ? (
        <div className="gs-profile-editor__form" ref={formArea}>
          {children({
            save,
            cancel: (
              <Button type="button" variant="secondary" disabled={saving} onClick={close}>
                Cancel
              </Button>
            ),
          })}
        </div>
      ) : (
        <>
          <div className="gs-settings-row__content">{view}</div>
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
        </>
      )}
    </div>
  );
}

/** Saved values as a description list; an empty value reads 'Not set'. */
export function SavedValues({ items }: { items: [string, ReactNode][] }) {
  return (
    <dl className="gs-profile-editor__values">
      {items.map(([term, value]) => (
        <div key={term} className="gs-profile-editor__value">
          <dt>{term}</dt>
          <dd>{value === null || value === '' || value === undefined ? NOT_SET : value}</dd>
        </div>
      ))}
    </dl>
  );
}

export const NOT_SET = 'Not set';

/** Saved entries as a list (a guest's roles, topics, questions); with none, the `empty` text. */
export function SavedList({
  entries,
  empty,
  ordered = false,
}: {
  entries: ReactNode[];
  empty: string;
  ordered?: boolean;
}) {
  if (entries.length === 0) return <p className="gs-profile-editor__empty">{empty}</p>;
  const List = ordered ? 'ol' : 'ul';
  return (
    <List className="gs-profile-editor__list">
      {entries.map((entry, index) => (
        <li key={index}>{entry}</li>
      ))}
    </List>
  );
}
