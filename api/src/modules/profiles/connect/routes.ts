import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { forbidden, HttpError, notFound } from '../../../http/errors';
import { pageOf, paginated } from '../../../http/pagination';
import { ID_DIGITS, Id, IdList, List, PageQuery, Str } from '../../../http/schema';
import { requirePro, requireUser } from '../../auth/require-user';
import { GUEST_KIND, SHOW_KIND, type ProfileKind } from '../queries';
import { TagList, tagTokensOf } from '../list-query';
import {
  findCandidatePage,
  hasInterests,
  loadCandidates,
  ownInterests,
  type Interests,
} from './candidates';
import { findPublicProfile, ownsProfileOf, rejectCandidate } from './queries';

/** Spec §9: connect pages hold 10 candidates. */
export const CONNECT_PAGE_LIMIT = 10;
export const EXPLORE_GUESTS_FORBIDDEN = 'Explore Guests is for users with a show.';
export const EXPLORE_SHOWS_FORBIDDEN = 'Explore Shows is for users with a guest profile.';
const MAX_EXCLUDED = 500;

interface Side {
  /** the profiles offered as candidates */
  kind: ProfileKind;
  /** the user's own profiles that give them the right to explore, and their interests */
  own: ProfileKind;
  forbiddenMessage: string;
  path: 'guests' | 'shows';
  /** the rejected profile's id in the body of reject-connect-candidate */
  field: ProfileKind['fk'];
}

/**
 * Connect is a Pro feature for users who own a profile of the other side (decision 052). Run as
 * the routes' preValidation, so 401/426/403 come before the input is read; the handlers then
 * take the user from requireUser (looked up once per request).
 */
async function requireExplorer(request: FastifyRequest, side: Side): Promise<void> {
  const user = await requirePro(request);
  if (!(await ownsProfileOf(request.server.db, side.own, user.id))) {
    throw new HttpError(403, side.forbiddenMessage);
  }
}

/** requireExplorer as a route's preValidation hook. */
const explorerOf = (side: Side) => (request: FastifyRequest) => requireExplorer(request, side);

const GUEST_SIDE: Side = {
  kind: GUEST_KIND,
  own: SHOW_KIND,
  forbiddenMessage: EXPLORE_GUESTS_FORBIDDEN,
  path: 'guests',
  field: 'guest_profile_id',
};
const SHOW_SIDE: Side = {
  kind: SHOW_KIND,
  own: GUEST_KIND,
  forbiddenMessage: EXPLORE_SHOWS_FORBIDDEN,
  path: 'shows',
  field: 'show_profile_id',
};

const CandidateQuery = Type.Object({
  ...PageQuery,
  categories: Type.Optional(IdList()),
  tags: Type.Optional(TagList()),
  // profile ids the client already holds: up to 10 digits each, 1..2147483647
  exclude: Type.Optional(
    List(
      Str({
        pattern: {
          regex: `^(?=\\d{1,10}$)${ID_DIGITS}$`,
          message: 'The :attribute field must be a list of ids.',
        },
      }),
      { max: MAX_EXCLUDED },
    ),
  ),
});

/** The interests a checked query gives; null when it names none (the user's own then apply). */
function givenInterests(categories?: string[], tags?: string[]): Interests | null {
  // `tags=,` and `categories=,` hold nothing: as if absent.
  if (!categories && !tags) return null;
  return { categoryIds: (categories ?? []).map(Number), tags: tagTokensOf(tags ?? []) };
}

/** The body of reject-connect-candidate: {guest_profile_id} or {show_profile_id}. */
const RejectGuest = Type.Object({ guest_profile_id: Id() });
const RejectShow = Type.Object({ show_profile_id: Id() });

/** Stores the caller's rejection of a public profile of the other side: {[field]: id}. */
async function reject(request: FastifyRequest, side: Side, profileId: number) {
  const user = await requireUser(request);
  const db = request.server.db;
  const profile = await findPublicProfile(db, side.kind, profileId);
  if (!profile) throw notFound();
  if (profile.user_id === user.id) throw forbidden();
  await rejectCandidate(db, side.kind, user.id, profileId);
  return { data: { [side.field]: profileId } };
}

export async function connectRoutes(app: FastifyInstance): Promise<void> {
  const routes = app.withTypeProvider<TypeBoxTypeProvider>();
  for (const side of [GUEST_SIDE, SHOW_SIDE]) {
    // GET /guests/connect-candidates, GET /shows/connect-candidates
    routes.get(
      `/${side.path}/connect-candidates`,
      { preValidation: explorerOf(side), schema: { querystring: CandidateQuery } },
      async (request) => {
        const user = await requireUser(request);
        const page = pageOf(request.query, CONNECT_PAGE_LIMIT);
        const exclude = (request.query.exclude ?? []).map(Number);
        const given = givenInterests(request.query.categories, request.query.tags);
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
      },
    );
  }

  // POST /guests/reject-connect-candidate {guest_profile_id}, and the same for shows
  routes.post(
    '/guests/reject-connect-candidate',
    { preValidation: explorerOf(GUEST_SIDE), schema: { body: RejectGuest } },
    (request) => reject(request, GUEST_SIDE, request.body.guest_profile_id),
  );
  routes.post(
    '/shows/reject-connect-candidate',
    { preValidation: explorerOf(SHOW_SIDE), schema: { body: RejectShow } },
    (request) => reject(request, SHOW_SIDE, request.body.show_profile_id),
  );
}
