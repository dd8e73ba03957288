import { api } from '@guestspot/shared-api';
import type {
  CreateIntegrationPayload,
  DataEnvelope,
  Integration,
  IntegrationParams,
  IntegrationSlug,
} from './types';

/** The calendar providers of the Settings page, in the order it shows them. */
export const CALENDAR_SLUGS = [
  'icloud-calendar',
  'google-calendar',
  'office365-calendar',
] as const satisfies readonly IntegrationSlug[];

/** GET /integrations?filter[slug]=icloud-calendar,google-calendar,office365-calendar */
export async function listCalendarIntegrations(): Promise<Integration[]> {
  return (
    await api
      .get('integrations', { searchParams: { 'filter[slug]': CALENDAR_SLUGS.join(',') } })
      .json<DataEnvelope<Integration[]>>()
  ).data;
}

/** POST /integrations: connects iCloud with the email and an app-specific password. */
export async function connectICloud(credentials: {
  email: string;
  password: string;
}): Promise<Integration> {
  const payload: CreateIntegrationPayload = {
    name: 'iCloud Calendar',
    slug: 'icloud-calendar',
    credentials,
    account: credentials.email,
  };
  return (await api.post('integrations', { json: payload }).json<DataEnvelope<Integration>>()).data;
}

/** GET /integrations/{id}/check: asks the provider again; status becomes active or inactive. */
export async function checkIntegration(id: number): Promise<Integration> {
  return (await api.get(`integrations/${id}/check`).json<DataEnvelope<Integration>>()).data;
}

/** GET /integrations/{id}: params and data.available_calendars. */
export async function getIntegration(id: number): Promise<Integration> {
  return (await api.get(`integrations/${id}`).json<DataEnvelope<Integration>>()).data;
}

/** PUT /integrations/{id}: the integration plus the chosen calendars. */
export async function updateIntegration(
  integration: Integration,
  params: IntegrationParams,
): Promise<Integration> {
  return (
    await api
      .put(`integrations/${integration.id}`, { json: { ...integration, params } })
      .json<DataEnvelope<Integration>>()
  ).data;
}

/** DELETE /integrations/{id}: disables the integration. */
export async function deleteIntegration(id: number): Promise<void> {
  await api.delete(`integrations/${id}`);
}
