import { api } from '@guestspot/shared-api';
import type { Category } from './types';

export async function listCategories(): Promise<Category[]> {
  const body = await api
    .get('categories', { searchParams: { exclude: 'subcategories' } })
    .json<{ success: boolean; data: Category[] }>();
  return body.data;
}
