import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type {
  DataEnvelope,
  HomeSections,
  MarketplaceProfile,
  Paginated,
  ProfileListType,
} from '../../contract';
import { pageOf, paginated } from '../../http/pagination';
import { OneOf, PageQuery } from '../../http/schema';
import { optionalUser } from '../auth/require-user';
import { PROFILES_PER_PAGE } from '../profiles/list-query';
import { findHomeSection, findHomeSections, HOME_FILTERS } from './queries';
import { publicList } from '../../http/public-cache';

const LIST_TYPES = ['guests', 'shows'] as const satisfies readonly ProfileListType[];

/** Kept for visitors, and for signed-in users with their favourites marked (decision 080). */
const HOME_ANSWER = publicList((request) =>
  (request.query as { type?: string }).type === 'shows' ? 'show' : 'guest',
);

const HomeQuery = Type.Object({
  type: Type.Optional(OneOf(LIST_TYPES)),
  filter: Type.Optional(OneOf(HOME_FILTERS)),
  ...PageQuery,
});

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  /**
   * GET /home?type=guests|shows: the first cards of every slider.
   * GET /home?type=&filter=featured|talent|premium|free&page=: one slider, 15 a page.
   */
  app
    .withTypeProvider<TypeBoxTypeProvider>()
    .get(
      '/home',
      { config: HOME_ANSWER, schema: { querystring: HomeQuery } },
      async (request): Promise<DataEnvelope<HomeSections> | Paginated<MarketplaceProfile>> => {
        const { type = 'guests', filter } = request.query;
        const page = pageOf(request.query, PROFILES_PER_PAGE);
        const viewerId = (await optionalUser(request))?.id ?? null;

        if (!filter) return { data: await findHomeSections(app.db, type, viewerId) };
        const { data, total, window } = await findHomeSection(app.db, type, filter, page, viewerId);
        return paginated(data, total, page, window);
      },
    );
}
