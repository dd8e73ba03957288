import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { queryKeys, type Integration } from '@guestspot/shared-api';
import * as integrationsApi from '@guestspot/shared-api/integrations';
import {
  Alert,
  Badge,
  Button,
  confirm,
  ErrorState,
  Skeleton,
  SkeletonGroup,
} from '@guestspot/shared-ui';
import { applyNestedFormErrors, FormCheckboxGroup, FormSelect } from '@guestspot/shared-ui/forms';

export const DISABLE_FAILED = 'Error! The integration was not disabled';

const paramsSchema = yup.object({
  params: yup.object({
    events_calendar: yup.string().defined(),
    conflict_calendars: yup.array(yup.string().required()).required(),
  }),
});
type ParamsValues = yup.InferType<typeof paramsSchema>;

export function StatusBadge({ status }: { status: Integration['status'] }) {
  return status === 'active' ? (
    <Badge tone="success">Active</Badge>
  ) : (
    <Badge tone="danger">Inactive</Badge>
  );
}

/**
 * Editing a connected calendar (spec §4): opening it runs the check (active or inactive), then
 * loads the calendars to choose the events calendar and the conflict calendars from. Save sends
 * them (disabled in flight); Disable removes the integration after confirmation.
 */
export function IntegrationEditor({
  integrationId,
  providerName,
  onClose,
  onSaved,
  onDisabled,
}: {
  integrationId: number;
  providerName: string;
  onClose: () => void;
  onSaved: (integration: Integration) => void;
  onDisabled: () => void;
}) {
  const [disableError, setDisableError] = useState<string | null>(null);
  const query = useQuery({
    queryKey: queryKeys.integrationEdit(integrationId),
    queryFn: async () => {
      await integrationsApi.checkIntegration(integrationId);
      return integrationsApi.getIntegration(integrationId);
    },
    // Each opening asks the provider again.
    staleTime: 0,
    gcTime: 0,
  });

  const disable = async () => {
    setDisableError(null);
    const confirmed = await confirm({
      title: `Disable ${providerName}?`,
      message: `Guestspot will stop using your ${providerName} calendars. You can connect it again later.`,
      confirmLabel: 'Disable',
      tone: 'danger',
    });
    if (!confirmed) return;
    try {
      await integrationsApi.deleteIntegration(integrationId);
      onDisabled();
    } catch {
      setDisableError(DISABLE_FAILED);
    }
  };

  if (query.isPending) {
    return (
      <div className="gs-calendars__editor" aria-busy="true">
        <p className="gs-calendars__checking">Checking the connection…</p>
        <SkeletonGroup label={`Loading your ${providerName} calendars`}>
          <Skeleton variant="text" />
          <Skeleton variant="text" />
        </SkeletonGroup>
      </div>
    );
  }
  if (query.isError) {
    return (
      <div className="gs-calendars__editor">
        <ErrorState
          titleAs="h3"
          message={`Your ${providerName} calendars could not be loaded.`}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
        <div className="gs-calendars__actions">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </div>
    );
  }

  const integration = query.data;
  const calendars = integration.data.available_calendars;
  const options = calendars.map((calendar) => ({ value: calendar.id, label: calendar.name }));
  return (
    <div className="gs-calendars__editor">
      <p className="gs-calendars__status">
        Status: <StatusBadge status={integration.status} />
      </p>
      {integration.status === 'inactive' ? (
        <Alert tone="warning">
          {`Guestspot could not reach this ${providerName} account. Disable it and connect it again.`}
        </Alert>
      ) : null}
      {disableError ? <Alert tone="danger">{disableError}</Alert> : null}
      <Formik<ParamsValues>
        initialValues={{
          params: {
            events_calendar: integration.params.events_calendar ?? '',
            conflict_calendars: integration.params.conflict_calendars,
          },
        }}
        validationSchema={paramsSchema}
        onSubmit={async (values, helpers) => {
          try {
            const saved = await integrationsApi.updateIntegration(integration, {
              events_calendar: values.params.events_calendar || null,
              conflict_calendars: values.params.conflict_calendars,
            });
            onSaved(saved);
          } catch (error) {
            applyNestedFormErrors(error, helpers);
          }
        }}
      >
        {(form) => (
          <Form noValidate className="gs-calendars__form" aria-label={`Edit ${providerName}`}>
            {form.status?.error ? <Alert tone="danger">{form.status.error}</Alert> : null}
            {calendars.length === 0 ? (
              <p>No calendars were found in this account.</p>
            ) : (
              <>
                <FormSelect
                  name="params.events_calendar"
                  label="Events calendar"
                  hint="New bookings are added to this calendar."
                  placeholder="None"
                  options={options}
                />
                <FormCheckboxGroup
                  name="params.conflict_calendars"
                  legend="Conflict calendars (events here block your availability)"
                  options={options}
                />
              </>
            )}
            <div className="gs-calendars__actions">
              <Button type="submit" loading={form.isSubmitting} disabled={form.isSubmitting}>
                Save
              </Button>
              <Button
                type="button"
                variant="secondary"
                onClick={onClose}
                disabled={form.isSubmitting}
              >
                Cancel
              </Button>
              <Button
                type="button"
                variant="danger"
                className="gs-calendars__disable"
                onClick={() => void disable()}
                disabled={form.isSubmitting}
              >
                Disable
              </Button>
            </div>
          </Form>
        )}
      </Formik>
    </div>
  );
}
