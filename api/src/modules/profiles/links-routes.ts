import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import type { GuestLinks, ShowLinks, SocialMediaLinks } from '../../contract';
import type { DB } from '../../db/database';
import { notFound, type FieldErrors } from '../../http/errors';
import { bodyRules, IdParam, LinkGroup, List, OneOf } from '../../http/schema';
import { isWebUrl, SOCIAL_NETWORKS, socialLink } from '../../link-rules';
import { REGISTRATION_WIZARD_CALL } from '../auth/account-setup-guard';
import { optionalUser } from '../auth/require-user';
import { findVisibleGuestId } from '../guests/queries';
import { findVisibleShowId } from '../shows/queries';
import { emptySocial, loadGuestLinks, loadShowLinks, saveGuestLinks, saveShowLinks } from './links';
import { GUEST_KIND, SHOW_KIND, type ProfileKind } from './queries';
import { managedProfile, manages } from './write';

// GET/PUT /guests/{id}/links and /shows/{id}/links: social networks plus lists of URLs, checked
// with the same rules as the browser (link-rules.ts). One definition serves both kinds.

const MAX_LINKS = 50;
const MAX_URL = 2048;

type UrlRule = 'url' | 'podcast' | 'video';
const RULE_MESSAGES: Record<UrlRule, string> = {
  url: 'This is not a valid URL',
  podcast: 'This is not a valid podcast URL',
  video: 'This is not a valid video URL',
};

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function fail(errors: FieldErrors, field: string, message: string): void {
  (errors[field] ??= []).push(message);
}

/** `social_media`: network -> link (a blank one is none), reported in the order sent. */
function readSocial(raw: unknown, errors: FieldErrors): SocialMediaLinks {
  const social = emptySocial();
  if (raw === undefined || raw === null) return social;
  if (!isRecord(raw)) {
    fail(errors, 'social_media', 'The social media field must be an object.');
    return social;
  }
  for (const [network, value] of Object.entries(raw)) {
    const key = `social_media.${network}`;
    if (!(SOCIAL_NETWORKS as readonly string[]).includes(network)) {
      fail(errors, key, `The ${network} network is not supported.`);
      continue;
    }
    if (value === null || value === undefined || value === '') continue;
    // Stored as an http(s) URL: a bare 'mysite.com' is kept as https://mysite.com.
    const link =
      typeof value === 'string' && value.length <= MAX_URL ? socialLink(value, network) : null;
    if (link === null || link.length > MAX_URL) {
      fail(errors, key, `This is not a valid ${network} URL`);
      continue;
    }
    social[network as keyof SocialMediaLinks] = link;
  }
  return social;
}

/** A list of URLs (blank entries are dropped), each checked by `rule`; errors keyed `field.N`. */
function readUrlList(raw: unknown, field: string, rule: UrlRule, errors: FieldErrors): string[] {
  if (raw === undefined || raw === null) return [];
  const attribute = field.replace(/_/g, ' ');
  if (!Array.isArray(raw)) {
    fail(errors, field, `The ${attribute} field must be a list.`);
    return [];
  }
  if (raw.length > MAX_LINKS) {
    fail(errors, field, `The ${attribute} field must not have more than ${MAX_LINKS} items.`);
    return [];
  }
  const urls: string[] = [];
  raw.forEach((item: unknown, index) => {
    const value = typeof item === 'string' ? item.trim() : item;
    if (value === '') return;
    if (typeof value !== 'string' || value.length > MAX_URL || !isWebUrl(value)) {
      fail(errors, `${field}.${index}`, RULE_MESSAGES[rule]);
      return;
    }
    urls.push(value);
  });
  return urls;
}

/** The links without the excluded groups. */
function without<T extends object>(links: T, exclude: Set<string>): Partial<T> {
  return Object.fromEntries(
    Object.entries(links).filter(([group]) => !exclude.has(group)),
  ) as Partial<T>;
}

interface Links {
  social_media: SocialMediaLinks;
}

interface ProfileLinks<L extends Links> {
  /** guests | shows */
  path: string;
  kind: ProfileKind;
  /** the profile id's path parameter */
  param: string;
  /** each list of URLs (in the order the form has them) with its rule */
  lists: Record<Exclude<keyof L & string, 'social_media'>, UrlRule>;
  findVisible(db: DB, key: { id: number }, viewerId: number | null): Promise<number | null>;
  load(db: DB, id: number): Promise<L>;
  save(db: DB, id: number, links: L): Promise<void>;
  /** the PUT's route config */
  config: object;
}

const GUEST_LINKS: ProfileLinks<GuestLinks> = {
  path: 'guests',
  kind: GUEST_KIND,
  param: 'guest',
  lists: { podcasts: 'podcast', videos: 'video', articles: 'url' },
  findVisible: findVisibleGuestId,
  load: loadGuestLinks,
  save: saveGuestLinks,
  config: REGISTRATION_WIZARD_CALL.config,
};

const SHOW_LINKS: ProfileLinks<ShowLinks> = {
  path: 'shows',
  kind: SHOW_KIND,
  param: 'show',
  lists: { episodes: 'podcast', media_features: 'url' },
  findVisible: findVisibleShowId,
  load: loadShowLinks,
  save: saveShowLinks,
  config: {},
};

/** GET and PUT /{path}/{id}/links for one kind of profile. */
function registerLinks<L extends Links>(app: FastifyInstance, spec: ProfileLinks<L>): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const lists = Object.entries(spec.lists) as [string, UrlRule][];
  const groups = ['social_media', ...lists.map(([field]) => field)];
  const url = `/${spec.path}/:${spec.param}/links`;
  const Params = Type.Object({ [spec.param]: IdParam() });

  /**
   * ?exclude=podcasts,videos: the link groups to leave out of the answer (comma separated;
   * blanks ignored). A group this kind of profile does not have is a 422.
   */
  const LinksQuery = Type.Object({
    exclude: Type.Optional(
      List(OneOf(groups, `The selected exclude is invalid. Allowed: ${groups.join(', ')}.`), {
        max: groups.length * 2,
      }),
    ),
  });

  api.get(url, { schema: { params: Params, querystring: LinksQuery } }, async (request) => {
    const id = Number(request.params[spec.param]);
    const viewer = await optionalUser(request);
    const visible = await spec.findVisible(app.db, { id }, viewer?.id ?? null);
    if (visible === null) throw notFound();
    const exclude = new Set<string>(request.query.exclude ?? []);
    return { data: without(await spec.load(app.db, visible), exclude) };
  });

  // Every group is read whole by the rules (each failure has a message of its own).
  const LinksBody = Type.Object({
    social_media: Type.Optional(LinkGroup()),
    ...Object.fromEntries(lists.map(([field]) => [field, Type.Optional(LinkGroup())])),
  });
  const read = (body: Record<string, unknown>) => {
    const errors: FieldErrors = {};
    const social = readSocial(body.social_media, errors);
    const urls = lists.map(([field, rule]) => [
      field,
      readUrlList(body[field], field, rule, errors),
    ]);
    const links = { social_media: social, ...Object.fromEntries(urls) } as L;
    return { links, errors };
  };
  const putOptions = {
    config: { ...spec.config, rules: bodyRules(LinksBody, (body) => read(body).errors) },
    preValidation: manages(spec.kind, spec.param),
    schema: { params: Params, body: LinksBody },
  };
  api.put(url, putOptions, async (request) => {
    const { id } = await managedProfile(request, spec.kind, spec.param);
    await spec.save(app.db, id, read(request.body).links);
    return { data: await spec.load(app.db, id) };
  });
}

export async function profileLinkRoutes(app: FastifyInstance): Promise<void> {
  registerLinks(app, GUEST_LINKS);
  registerLinks(app, SHOW_LINKS);
}
