import { api } from '@guestspot/shared-api';
import type { ContentPage, DataEnvelope } from './types';

/** GET /pages/{slug}: a content page (about, contact, policies, FAQ...); 404 when unknown. */
export async function getContentPage(slug: string): Promise<ContentPage> {
  const body = await api.get(`pages/${encodeURIComponent(slug)}`).json<DataEnvelope<ContentPage>>();
  return body.data;
}
