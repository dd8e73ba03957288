import { PUBLIC_ANSWER } from '../../http/public-cache';
import type { FastifyInstance } from 'fastify';
import type { DataEnvelope, PriceStats } from '../../contract';
import { priceStats } from './price-stats';

/** GET /guests/price-stats and /shows/price-stats (static paths win over /guests/:guest). */
export async function priceStatsRoutes(app: FastifyInstance): Promise<void> {
  for (const type of ['guests', 'shows'] as const) {
    app.get(
      `/${type}/price-stats`,
      { config: PUBLIC_ANSWER },
      async (): Promise<DataEnvelope<PriceStats>> => ({ data: await priceStats(app.db, type) }),
    );
  }
}
