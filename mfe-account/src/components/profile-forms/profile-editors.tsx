import type { ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { queryKeys, type GuestProfileInput, type ShowProfileInput } from '@guestspot/shared-api';
import { listCategories } from '@guestspot/shared-api/categories';
import { listShowTypes } from '@guestspot/shared-api/shows';
import { ErrorState, Skeleton, SkeletonGroup } from '@guestspot/shared-ui';
import { splitTags } from './form-parts';
import {
  GuestDetailsForm,
  type GuestDetailsFormProps,
  type GuestDetailsValues,
} from './guest-details-form';
import {
  ShowDetailsForm,
  type ShowDetailsFormProps,
  type ShowDetailsValues,
} from './show-details-form';

/** Loading and error (with retry) for what a form needs before it can show. */
export function FormOptionsData({
  loading,
  error,
  retrying = false,
  onRetry,
  label,
  children,
}: {
  loading: boolean;
  error: boolean;
  retrying?: boolean;
  onRetry: () => void;
  label: string;
  children: () => ReactNode;
}) {
  if (loading) {
    return (
      <SkeletonGroup label={`Loading ${label}…`}>
        <Skeleton />
        <Skeleton />
        <Skeleton />
      </SkeletonGroup>
    );
  }
  if (error) {
    return (
      <ErrorState
        title={`We could not load ${label}.`}
        onRetry={onRetry}
        retrying={retrying}
        titleAs="h2"
      />
    );
  }
  return <>{children()}</>;
}

export function guestPayload(values: GuestDetailsValues): GuestProfileInput {
  return {
    name: values.name.trim(),
    title: values.title?.trim() || null,
    bio: values.bio?.trim() || null,
    pronunciation: values.pronunciation?.trim() || null,
    categories: values.categories.map(Number),
    tags: splitTags(values.tags ?? ''),
    image_uuid: values.image_uuid || null,
  };
}

export function showPayload(values: ShowDetailsValues): ShowProfileInput {
  return {
    name: values.name.trim(),
    description: values.description?.trim() || null,
    types: values.types.map(Number),
    categories: values.categories.map(Number),
    platform_type: values.platform_type || null,
  };
}

/** The guest details form with the categories it offers (the wizard's step, /details/guest/create). */
export function GuestDetailsEditor(props: Omit<GuestDetailsFormProps, 'categories'>) {
  const categories = useQuery({ queryKey: queryKeys.categories, queryFn: listCategories });
  return (
    <FormOptionsData
      label="categories"
      loading={categories.isPending}
      error={categories.isError}
      retrying={categories.isFetching}
      onRetry={() => void categories.refetch()}
    >
      {() => (
        <GuestDetailsForm
          {...props}
          categories={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
        />
      )}
    </FormOptionsData>
  );
}

/** The show details form with its categories and show types (the wizard's step, /details/show/create). */
export function ShowDetailsEditor(props: Omit<ShowDetailsFormProps, 'categories' | 'showTypes'>) {
  const categories = useQuery({ queryKey: queryKeys.categories, queryFn: listCategories });
  const showTypes = useQuery({ queryKey: queryKeys.showTypes, queryFn: listShowTypes });
  return (
    <FormOptionsData
      label="show types and categories"
      loading={categories.isPending || showTypes.isPending}
      error={categories.isError || showTypes.isError}
      retrying={categories.isFetching || showTypes.isFetching}
      onRetry={() => {
        if (categories.isError) void categories.refetch();
        if (showTypes.isError) void showTypes.refetch();
      }}
    >
      {() => (
        <ShowDetailsForm
          {...props}
          categories={(categories.data ?? []).map((c) => ({ value: String(c.id), label: c.name }))}
          showTypes={(showTypes.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
        />
      )}
    </FormOptionsData>
  );
}
