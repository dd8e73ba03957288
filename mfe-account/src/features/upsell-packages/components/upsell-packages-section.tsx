import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Form, Formik, type FormikHelpers } from 'formik';
import * as yup from 'yup';
import { applyFormErrors, type UpsellPackage } from '@guestspot/shared-api';
import { isWebUrl } from '@guestspot/shared-api/link-rules';
import type { UpsellPackagePayload } from '@guestspot/shared-api/upsell-packages';
import {
  Button,
  confirm,
  EmptyState,
  formatMoney,
  messages,
  Skeleton,
  SkeletonGroup,
  toast,
  VisuallyHidden,
} from '@guestspot/shared-ui';
import { FormSelect, FormTextArea, FormTextField } from '@guestspot/shared-ui/forms';
import { SettingsSection } from '../../../components/settings';
import { centsToDollars, dollarsToCents } from '../../../lib/dollars';
import { useUpsellPackages, useUpsellPackageWrites } from '../hooks/use-upsell-packages';
import './upsell-packages.css';

/** Spec §8, the failure toasts. */
const UPSELL_NOT_UPDATED = 'The upsell package was not updated.';
const UPSELL_NOT_DELETED = 'The upsell package was not deleted.';
/** Spec §9: a title is cut at 22 characters in lists. */
const TITLE_LIST_LENGTH = 22;
/** The API's limits (decision 089). */
const MAX_UPSELLS = 20;
const MAX_UPSELL_DOLLARS = 1_000_000;
const TOO_MANY_UPSELLS = `A profile may have at most ${MAX_UPSELLS} upsell packages.`;

const CURRENCIES = [{ value: 'USD', label: 'USD' }] as const;
const MAX = 255;

/** The title as lists show it: at most 22 characters, then an ellipsis. */
function listTitle(title: string): string {
  return title.length > TITLE_LIST_LENGTH ? `${title.slice(0, TITLE_LIST_LENGTH)}…` : title;
}

interface UpsellValues {
  title: string;
  description: string;
  /**
   * dollars as typed, sent in cents; only digits and one point can be typed (spec: a
   * non-negative number)
   */
  price: string;
  currency: string;
  url: string;
  social_handle: string;
}

// Spec §5: title required ≤ 255; description no rule; price required, a non-negative number;
// currency required (USD only); url optional, an http(s) link (the API's link rule) ≤ 255;
// social handle optional ≤ 255.
const upsellSchema = yup.object({
  title: yup
    .string()
    .trim()
    .required(messages.required('Title'))
    .max(MAX, messages.maxLength('title', MAX)),
  description: yup.string(),
  // dollars with up to two decimals (what has cents), read by the one conversion
  price: yup
    .string()
    .trim()
    .required(messages.required('Price'))
    .test('number', messages.number('price'), (value) => !value || dollarsToCents(value) !== null)
    .test(
      'max',
      messages.maxValue('Price', MAX_UPSELL_DOLLARS.toLocaleString('en-US')),
      (value) => !value || (dollarsToCents(value) ?? 0) <= MAX_UPSELL_DOLLARS * 100,
    ),
  currency: yup
    .string()
    .required(messages.required('Currency'))
    .oneOf(
      CURRENCIES.map((option) => option.value),
      messages.required('Currency'),
    ),
  url: yup
    .string()
    .trim()
    .max(MAX, messages.maxLength('URL', MAX))
    .test('url', messages.url(), (value) => !value || isWebUrl(value)),
  social_handle: yup.string().trim().max(MAX, messages.maxLength('social handle', MAX)),
});

/** Keeps what makes a non-negative number: digits and the first decimal point. */
function forcedPrice(typed: string): string {
  const kept = typed.replace(/[^\d.]/g, '');
  const point = kept.indexOf('.');
  return point < 0 ? kept : kept.slice(0, point + 1) + kept.slice(point + 1).replace(/\./g, '');
}

const valuesOf = (item: UpsellPackage | null): UpsellValues => ({
  title: item?.title ?? '',
  description: item?.description ?? '',
  price: item ? centsToDollars(item.price) : '',
  currency: item?.currency ?? 'USD',
  url: item?.url ?? '',
  social_handle: item?.social_handle ?? '',
});

function payloadOf(values: UpsellValues): UpsellPackagePayload {
  const optional = (text: string) => text.trim() || undefined;
  return {
    title: values.title.trim(),
    description: optional(values.description),
    // the schema let only dollars with up to two decimals through
    price: dollarsToCents(values.price) ?? 0,
    currency: 'USD',
    url: optional(values.url),
    social_handle: optional(values.social_handle),
  };
}

type FocusTarget = { id: number } | 'add';

/**
 * /details → Upsell packages (booking-management… "Upsell packages", §4, §5, §8, §9): the paid
 * extras a guest or a show offers with a booking. Each is a card in view mode (title cut at 22
 * characters, price, description, link, social handle) or edit mode; "Add upsell package" opens
 * a new card in edit mode, and Cancel on a card never saved removes it. A list that cannot be
 * loaded is swallowed (§8): the section offers Add and claims nothing about what exists.
 */
export function UpsellPackagesSection({
  kind,
  profileId,
}: {
  kind: 'guest' | 'show';
  profileId: number;
}) {
  const packages = useUpsellPackages(kind, profileId);
  const writes = useUpsellPackageWrites(kind, profileId);
  const [editing, setEditing] = useState<ReadonlySet<number>>(new Set());
  const [draft, setDraft] = useState(false);
  const addButton = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const focusAfter = useRef<FocusTarget | null>(null);

  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    if (target === 'add') {
      addButton.current?.focus();
      return;
    }
    listRef.current
      ?.querySelector<HTMLButtonElement>(`[data-upsell-id="${target.id}"] [data-action="edit"]`)
      ?.focus();
  });

  const list = packages.data ?? [];
  const full = list.length + (draft ? 1 : 0) >= MAX_UPSELLS;

  const setEditingOf = (id: number, on: boolean) =>
    setEditing((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  function openDraft() {
    if (draft) {
      listRef.current?.querySelector<HTMLInputElement>('[data-upsell-id="new"] input')?.focus();
      return;
    }
    setDraft(true);
  }

  async function deletePackage(item: UpsellPackage) {
    let deleted = false;
    await confirm({
      title: 'Delete upsell package?',
      message: `“${item.title}” will no longer be offered to people who book you.`,
      confirmLabel: 'Delete',
      tone: 'danger',
      onConfirm: async () => {
        try {
          await writes.remove(item.id);
          deleted = true;
        } catch {
          toast.error(UPSELL_NOT_DELETED);
        }
      },
    });
    // The card and its Delete are gone: once the dialog has closed, focus goes to Add.
    if (deleted) setTimeout(() => addButton.current?.focus(), 0);
  }

  let body: ReactNode = null;
  if (packages.isPending) {
    body = (
      <SkeletonGroup label="Loading upsell packages" className="gs-upsells__loading">
        <Skeleton height={160} />
        <Skeleton height={160} />
      </SkeletonGroup>
    );
  } else if (list.length === 0 && !draft) {
    // a failed load says nothing (spec §8: swallowed silently)
    body = packages.isError ? null : (
      <EmptyState
        titleAs="h3"
        size="sm"
        title="No upsell packages yet"
        message="Offer extras people can add when they book you, such as a social media shout-out."
      />
    );
  } else {
    body = (
      <ul className="gs-upsells" aria-label="Your upsell packages">
        {list.map((item) => (
          <li key={item.id} className="gs-upsells__item" data-upsell-id={item.id}>
            {editing.has(item.id) ? (
              <UpsellForm
                item={item}
                save={(payload) => writes.save(item.id, payload)}
                saved={() => {
                  focusAfter.current = { id: item.id };
                  setEditingOf(item.id, false);
                }}
                cancel={() => {
                  focusAfter.current = { id: item.id };
                  setEditingOf(item.id, false);
                }}
              />
            ) : (
              <UpsellView
                item={item}
                edit={() => setEditingOf(item.id, true)}
                remove={() => void deletePackage(item)}
              />
            )}
          </li>
        ))}
        {draft ? (
          <li className="gs-upsells__item" data-upsell-id="new">
            <UpsellForm
              item={null}
              save={(payload) => writes.save(null, payload)}
              saved={(created) => {
                focusAfter.current = { id: created.id };
                setDraft(false);
              }}
              cancel={() => {
                focusAfter.current = 'add';
                setDraft(false);
              }}
            />
          </li>
        ) : null}
      </ul>
    );
  }

  return (
    <SettingsSection
      id="upsell-packages"
      title="Upsell packages"
      description="Paid extras people can add when they book you."
    >
      <div ref={listRef} className="gs-upsells__body">
        {body}
        {packages.isPending ? null : (
          <div className="gs-upsells__toolbar">
            <Button
              ref={addButton}
              variant="secondary"
              disabled={full}
              aria-describedby={full ? 'upsell-packages-full' : undefined}
              onClick={openDraft}
            >
              Add upsell package
            </Button>
            {full ? (
              <p id="upsell-packages-full" className="gs-upsells__full">
                {TOO_MANY_UPSELLS}
              </p>
            ) : null}
          </div>
        )}
      </div>
    </SettingsSection>
  );
}

/** A package in view mode. The title is cut at 22 characters; the full one is its name. */
function UpsellView({
  item,
  edit,
  remove,
}: {
  item: UpsellPackage;
  edit: () => void;
  remove: () => void;
}) {
  const titleId = useId();
  const shown = listTitle(item.title);
  const cut = shown !== item.title;
  // a link stored before the API checked them (javascript:, data:) is shown as text
  const link = isWebUrl(item.url ?? '');
  return (
    <article className="gs-upsell" aria-labelledby={titleId}>
      <header className="gs-upsell__header">
        <h3 id={titleId} className="gs-upsell__title" title={cut ? item.title : undefined}>
          {cut ? (
            <>
              <span aria-hidden="true">{shown}</span>
              <VisuallyHidden>{item.title}</VisuallyHidden>
            </>
          ) : (
            item.title
          )}
        </h3>
        <p className="gs-upsell__price">{formatMoney(item.price, { precision: 'auto' })}</p>
      </header>
      {item.description ? <p className="gs-upsell__description">{item.description}</p> : null}
      {item.url || item.social_handle ? (
        <dl className="gs-upsell__details">
          {item.url ? (
            <>
              <dt>Link</dt>
              <dd>
                {link ? (
                  <a href={item.url} target="_blank" rel="noopener noreferrer">
                    {item.url}
                  </a>
                ) : (
                  item.url
                )}
              </dd>
            </>
          ) : null}
          {item.social_handle ? (
            <>
              <dt>Social handle</dt>
              <dd>{item.social_handle}</dd>
            </>
          ) : null}
        </dl>
      ) : null}
      <div className="gs-upsell__actions">
        <Button variant="secondary" size="sm" data-action="edit" onClick={edit}>
          Edit <VisuallyHidden>{item.title}</VisuallyHidden>
        </Button>
        <Button variant="ghost" size="sm" onClick={remove}>
          Delete <VisuallyHidden>{item.title}</VisuallyHidden>
        </Button>
      </div>
    </article>
  );
}

/** A package in edit mode (a saved one, or a new one: `item` null). */
function UpsellForm({
  item,
  save,
  saved,
  cancel,
}: {
  item: UpsellPackage | null;
  save: (payload: UpsellPackagePayload) => Promise<UpsellPackage>;
  saved: (item: UpsellPackage) => void;
  cancel: () => void;
}) {
  const formRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    formRef.current?.querySelector<HTMLInputElement>('input')?.focus();
  }, []);
  const label = item ? `Edit upsell package ${item.title}` : 'New upsell package';

  async function submit(values: UpsellValues, helpers: FormikHelpers<UpsellValues>) {
    try {
      saved(await save(payloadOf(values)));
    } catch (error) {
      applyFormErrors(error, { setErrors: helpers.setErrors });
      toast.error(UPSELL_NOT_UPDATED);
    }
  }

  return (
    <div ref={formRef} className="gs-upsell" data-state="editing">
      <Formik<UpsellValues>
        initialValues={valuesOf(item)}
        validationSchema={upsellSchema}
        onSubmit={submit}
      >
        {({ isSubmitting, setFieldValue }) => (
          <Form noValidate aria-label={label} className="gs-upsell__form">
            <FormTextField name="title" label="Title" required autoComplete="off" />
            <FormTextArea
              name="description"
              label="Description"
              className="gs-upsell__description-field"
            />
            <div className="gs-upsell__price-fields">
              <FormTextField
                name="price"
                label="Price"
                required
                inputMode="decimal"
                autoComplete="off"
                onChange={(event) =>
                  void setFieldValue('price', forcedPrice(event.currentTarget.value))
                }
              />
              <FormSelect name="currency" label="Currency" required options={CURRENCIES} />
            </div>
            <FormTextField name="url" label="URL" type="url" inputMode="url" autoComplete="url" />
            <FormTextField name="social_handle" label="Social handle" autoComplete="off" />
            <div className="gs-upsell__form-actions">
              <Button type="submit" loading={isSubmitting} disabled={isSubmitting}>
                Save
              </Button>
              <Button type="button" variant="secondary" disabled={isSubmitting} onClick={cancel}>
                Cancel
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
