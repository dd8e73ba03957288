import type { FastifyInstance } from 'fastify';
import type { GuestLinks, ShowLinks, SocialMediaLinks } from '../../contract';
import type { DB } from '../../db/database';
import { notFound } from '../../http/errors';
import { parseId, Validator } from '../../http/validation';
import { isWebUrl, SOCIAL_NETWORKS, socialLink } from '../../link-rules';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { optionalUser, requireUser } from '../auth/require-user';
import { findVisibleGuestId } from '../guests/queries';
import { findVisibleShowId } from '../shows/queries';
import { GUEST_KIND, SHOW_KIND } from './queries';
import { requireManageableProfile } from './write';

// GET/PUT /guests/{id}/links and /shows/{id}/links: social networks plus lists of URLs, checked
// with the same rules as the browser (link-rules.ts).

const MAX_LINKS = 50;
const MAX_URL = 2048;

type UrlRule = 'url' | 'podcast' | 'video';
const RULE_MESSAGES: Record<UrlRule, string> = {
  url: 'This is not a valid URL',
  podcast: 'This is not a valid podcast URL',
  video: 'This is not a valid video URL',
};

function emptySocial(): SocialMediaLinks {
  return Object.fromEntries(SOCIAL_NETWORKS.map((network) => [network, null])) as SocialMediaLinks;
}

function readSocial(input: Validator, body: Record<string, unknown>): SocialMediaLinks {
  const social = emptySocial();
  const raw = body.social_media;
  if (raw === undefined || raw === null) return social;
  if (typeof raw !== 'object' || Array.isArray(raw)) {
    input.fail('social_media', 'The social media field must be an object.');
    return social;
  }
  for (const [network, value] of Object.entries(raw as Record<string, unknown>)) {
    const key = `social_media.${network}`;
    if (!(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      input.fail(key, `The ${network} network is not supported.`);
      continue;
    }
    if (value === null || value === undefined || value === '') continue;
    // Stored as an http(s) URL: a bare 'mysite.com' is kept as https://mysite.com.
    const link =
      typeof value === 'string' && value.length <= MAX_URL ? socialLink(value, network) : null;
    if (link === null || link.length > MAX_URL) {
      input.fail(key, `This is not a valid ${network} URL`);
      continue;
    }
    social[network as keyof SocialMediaLinks] = link;
  }
  return social;
}

function readUrlList(
  input: Validator,
  body: Record<string, unknown>,
  field: string,
  rule: UrlRule,
): string[] {
  const raw = body[field];
  if (raw === undefined || raw === null) return [];
  if (!Array.isArray(raw)) {
    input.fail(field, `The ${field.replace(/_/g, ' ')} field must be a list.`);
    return [];
  }
  if (raw.length > MAX_LINKS) {
    input.fail(
      field,
      `The ${field.replace(/_/g, ' ')} field must not have more than ${MAX_LINKS} items.`,
    );
    return [];
  }
  const urls: string[] = [];
  raw.forEach((item, index) => {
    const value = typeof item === 'string' ? item.trim() : item;
    if (value === '') return;
    if (typeof value !== 'string' || value.length > MAX_URL || !isWebUrl(value)) {
      input.fail(`${field}.${index}`, RULE_MESSAGES[rule]);
      return;
    }
    urls.push(value);
  });
  return urls;
}

function bodyRecord(body: unknown): Record<string, unknown> {
  return typeof body === 'object' && body !== null && !Array.isArray(body)
    ? (body as Record<string, unknown>)
    : {};
}

function withNulls(stored: Partial<SocialMediaLinks> | undefined): SocialMediaLinks {
  return { ...emptySocial(), ...(stored ?? {}) };
}

const GUEST_LINK_GROUPS = ['social_media', 'podcasts', 'videos', 'articles'] as const;
const SHOW_LINK_GROUPS = ['social_media', 'episodes', 'media_features'] as const;

/**
 * GET …/links?exclude=podcasts,videos: the link groups to leave out of the answer (comma
 * separated; blanks ignored). A group the profile type does not have is a 422 on `exclude`.
 */
function readExclude<G extends string>(query: unknown, groups: readonly G[]): Set<G> {
  const input = new Validator(query);
  const parts = input.list('exclude', groups.length * 2) ?? [];
  if (parts.some((part) => !(groups as readonly string[]).includes(part))) {
    input.fail('exclude', `The selected exclude is invalid. Allowed: ${groups.join(', ')}.`);
  }
  input.throwIfInvalid();
  return new Set(parts as G[]);
}

/** The links without the excluded groups. */
function without<T extends object>(links: T, exclude: Set<string>): Partial<T> {
  return Object.fromEntries(
    Object.entries(links).filter(([group]) => !exclude.has(group)),
  ) as Partial<T>;
}

export async function loadGuestLinks(db: DB, id: number): Promise<GuestLinks> {
  const row = await db
    .selectFrom('guest_profile_links')
    .selectAll()
    .where('guest_profile_id', '=', id)
    .executeTakeFirst();
  return {
    social_media: withNulls(row?.social_media),
    podcasts: row?.podcasts ?? [],
    videos: row?.videos ?? [],
    articles: row?.articles ?? [],
  };
}

export async function loadShowLinks(db: DB, id: number): Promise<ShowLinks> {
  const row = await db
    .selectFrom('show_profile_links')
    .selectAll()
    .where('show_profile_id', '=', id)
    .executeTakeFirst();
  return {
    social_media: withNulls(row?.social_media),
    episodes: row?.episodes ?? [],
    media_features: row?.media_features ?? [],
  };
}

export async function profileLinkRoutes(app: FastifyInstance): Promise<void> {
  app.get<{ Params: { guest: string } }>('/guests/:guest/links', async (request) => {
    const exclude = readExclude(request.query, GUEST_LINK_GROUPS);
    const id = parseId(request.params.guest);
    const viewer = await optionalUser(request);
    const visible =
      id === null ? null : await findVisibleGuestId(app.db, { id }, viewer?.id ?? null);
    if (visible === null) throw notFound();
    return { data: without(await loadGuestLinks(app.db, visible), exclude) };
  });

  app.put<{ Params: { guest: string } }>(
    '/guests/:guest/links',
    REGISTRATION_WIZARD_CALL,
    async (request) => {
      const user = await requireUser(request);
      const { id } = await requireManageableProfile(
        app.db,
        GUEST_KIND,
        parseId(request.params.guest),
        user,
      );
      const body = bodyRecord(request.body);
      const input = new Validator(body);
      const links: GuestLinks = {
        social_media: readSocial(input, body),
        podcasts: readUrlList(input, body, 'podcasts', 'podcast'),
        videos: readUrlList(input, body, 'videos', 'video'),
        articles: readUrlList(input, body, 'articles', 'url'),
      };
      input.throwIfInvalid();
      const values = {
        social_media: JSON.stringify(links.social_media),
        podcasts: JSON.stringify(links.podcasts),
        videos: JSON.stringify(links.videos),
        articles: JSON.stringify(links.articles),
      };
      await app.db
        .insertInto('guest_profile_links')
        .values({ guest_profile_id: id, ...values })
        .onConflict((conflict) =>
          conflict.column('guest_profile_id').doUpdateSet({ ...values, updated_at: new Date() }),
        )
        .execute();
      return { data: await loadGuestLinks(app.db, id) };
    },
  );

  app.get<{ Params: { show: string } }>('/shows/:show/links', async (request) => {
    const exclude = readExclude(request.query, SHOW_LINK_GROUPS);
    const id = parseId(request.params.show);
    const viewer = await optionalUser(request);
    const visible =
      id === null ? null : await findVisibleShowId(app.db, { id }, viewer?.id ?? null);
    if (visible === null) throw notFound();
    return { data: without(await loadShowLinks(app.db, visible), exclude) };
  });

  app.put<{ Params: { show: string } }>('/shows/:show/links', async (request) => {
    const user = await requireUser(request);
    const { id } = await requireManageableProfile(
      app.db,
      SHOW_KIND,
      parseId(request.params.show),
      user,
    );
    const body = bodyRecord(request.body);
    const input = new Validator(body);
    const links: ShowLinks = {
      social_media: readSocial(input, body),
      episodes: readUrlList(input, body, 'episodes', 'podcast'),
      media_features: readUrlList(input, body, 'media_features', 'url'),
    };
    input.throwIfInvalid();
    const values = {
      social_media: JSON.stringify(links.social_media),
      episodes: JSON.stringify(links.episodes),
      media_features: JSON.stringify(links.media_features),
    };
    await app.db
      .insertInto('show_profile_links')
      .values({ show_profile_id: id, ...values })
      .onConflict((conflict) =>
        conflict.column('show_profile_id').doUpdateSet({ ...values, updated_at: new Date() }),
      )
      .execute();
    return { data: await loadShowLinks(app.db, id) };
  });
}
