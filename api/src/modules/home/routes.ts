import type { FastifyInstance } from 'fastify';
import type {
  DataEnvelope,
  HomeSections,
  MarketplaceProfile,
  Paginated,
  ProfileListType,
} from '../../contract';
import { paginated, readPage } from '../../http/pagination';
import { Validator } from '../../http/validation';
import { optionalUser } from '../auth/require-user';
import { PROFILES_PER_PAGE } from '../profiles/list-query';
import { findHomeSection, findHomeSections, HOME_FILTERS } from './queries';

const LIST_TYPES: readonly ProfileListType[] = ['guests', 'shows'];

export async function homeRoutes(app: FastifyInstance): Promise<void> {
  /**
   * GET /home?type=guests|shows: the first cards of every slider.
   * GET /home?type=&filter=featured|talent|premium|free&page=: one slider, 15 a page.
   */
  app.get(
    '/home',
    async (request): Promise<DataEnvelope<HomeSections> | Paginated<MarketplaceProfile>> => {
      const input = new Validator(request.query);
      const type = input.oneOf('type', LIST_TYPES) ?? 'guests';
      const filter = input.oneOf('filter', HOME_FILTERS);
      const page = readPage(input, PROFILES_PER_PAGE);
      input.throwIfInvalid();
      const viewerId = (await optionalUser(request))?.id ?? null;

      if (!filter) return { data: await findHomeSections(app.db, type, viewerId) };
      const { data, total } = await findHomeSection(app.db, type, filter, page, viewerId);
      return paginated(data, total, page);
    },
  );
}
