import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, HttpError, notFound, ValidationError } from '../../http/errors';
import { paginated, readPage } from '../../http/pagination';
import { Validator } from '../../http/validation';
import { requireUser, type AuthUser } from '../auth/require-user';
import { GUEST_KIND, SHOW_KIND, type ProfileKind } from '../profiles/queries';
import { splitTagTokens } from '../profiles/list-query';
import {
  findCandidatePage,
  hasInterests,
  loadCandidates,
  ownInterests,
  type CandidateQuery,
  type Interests,
} from './candidates';

/** Spec §9: connect pages hold 10 candidates. */
export const CONNECT_PAGE_LIMIT = 10;
/** The status and message of a Pro-only answer (spec §6). */
export const PRO_ONLY_STATUS = 426;
export const PRO_ONLY_MESSAGE = 'Only PRO users have access to this feature.';
export const EXPLORE_GUESTS_FORBIDDEN = 'Explore Guests is for users with a show.';
export const EXPLORE_SHOWS_FORBIDDEN = 'Explore Shows is for users with a guest profile.';
const MAX_EXCLUDED = 500;
const MAX_INT4 = 2_147_483_647;

interface Side {
  /** the profiles offered as candidates */
  kind: ProfileKind;
  /** the user's own profiles that give them the right to explore, and their interests */
  own: ProfileKind;
  forbiddenMessage: string;
  path: 'guests' | 'shows';
}

const SIDES: Side[] = [
  { kind: GUEST_KIND, own: SHOW_KIND, forbiddenMessage: EXPLORE_GUESTS_FORBIDDEN, path: 'guests' },
  { kind: SHOW_KIND, own: GUEST_KIND, forbiddenMessage: EXPLORE_SHOWS_FORBIDDEN, path: 'shows' },
];

/** Connect is a Pro feature for users who own a profile of the other side (decision 052). */
async function requireExplorer(request: FastifyRequest, side: Side): Promise<AuthUser> {
  const user = await requireUser(request);
  if (user.account_type !== 'pro') throw new HttpError(PRO_ONLY_STATUS, PRO_ONLY_MESSAGE);
  const owns = await request.server.db
    .selectFrom(side.own.table)
    .select('id')
    .where('user_id', '=', user.id)
    .limit(1)
    .executeTakeFirst();
  if (!owns) throw new HttpError(403, side.forbiddenMessage);
  return user;
}

function readCandidateQuery(query: unknown): {
  page: CandidateQuery['page'];
  exclude: number[];
  given: Interests | null;
} {
  const input = new Validator(query);
  const page = readPage(input, CONNECT_PAGE_LIMIT);
  const categoryIds = input.idList('categories');
  const tagTokens = input.list('tags')?.map((tag) => tag.toLowerCase());
  if (tagTokens?.some((tag) => !/^[a-z0-9-]{1,64}$/.test(tag))) {
    input.fail('tags', 'The tags field must hold tag ids or slugs.');
  }
  const excludeTokens = input.list('exclude', MAX_EXCLUDED) ?? [];
  const exclude = excludeTokens.map((token) => (/^\d{1,10}$/.test(token) ? Number(token) : NaN));
  if (exclude.some((id) => !Number.isInteger(id) || id < 1 || id > MAX_INT4)) {
    input.fail('exclude', 'The exclude field must be a list of ids.');
  }
  input.throwIfInvalid();
  // `tags=,` and `categories=,` hold nothing: as if absent (the user's own interests apply).
  const given =
    categoryIds || tagTokens
      ? { categoryIds: categoryIds ?? [], tags: splitTagTokens(tagTokens ?? []) }
      : null;
  return { page, exclude, given };
}

export async function connectRoutes(app: FastifyInstance): Promise<void> {
  for (const side of SIDES) {
    // GET /guests/connect-candidates, GET /shows/connect-candidates
    app.get(`/${side.path}/connect-candidates`, async (request) => {
      const user = await requireExplorer(request, side);
      const { page, exclude, given } = readCandidateQuery(request.query);
      // Interests were given but none can name a tag or category (e.g. tags=1234567890123):
      // nothing matches, rather than "no interests, so everyone".
      if (given && !hasInterests(given)) return paginated([], 0, page);
      const interests = given ?? (await ownInterests(app.db, side.own, user.id));
      const { ids, total } = await findCandidatePage(app.db, side.kind, user.id, {
        page,
        exclude,
        interests,
      });
      const data = await loadCandidates(app.db, side.kind, ids, user.id);
      return paginated(data, total, page);
    });

    // POST /guests/reject-connect-candidate {guest_profile_id}, and the same for shows
    app.post(`/${side.path}/reject-connect-candidate`, async (request) => {
      const user = await requireExplorer(request, side);
      const field = side.kind.fk;
      const input = new Validator(request.body);
      const profileId = input.integer(field, { required: true, min: 1, max: MAX_INT4 });
      input.throwIfInvalid();
      if (profileId === undefined)
        throw ValidationError.single(field, 'The given data was invalid.');

      const profile = await app.db
        .selectFrom(side.kind.table)
        .select(['id', 'user_id'])
        .where('id', '=', profileId)
        .where('is_public', '=', true)
        .executeTakeFirst();
      if (!profile) throw notFound();
      if (profile.user_id === user.id) throw forbidden();

      if (side.kind.type === 'guest') {
        await app.db
          .insertInto('connect_guest_rejections')
          .values({ user_id: user.id, guest_profile_id: profileId })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      } else {
        await app.db
          .insertInto('connect_show_rejections')
          .values({ user_id: user.id, show_profile_id: profileId })
          .onConflict((conflict) => conflict.doNothing())
          .execute();
      }
      return { data: { [field]: profileId } };
    });
  }
}
