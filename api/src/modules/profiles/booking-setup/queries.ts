import { sql } from 'kysely';
import type {
  BookingFlowPreferences,
  BookingQuestion,
  BookingQuestionType,
  PitchSettingsDetail,
  UpsellPackage,
} from '../../../contract';
import type { DB } from '../../../db/database';
import type { AuthUser } from '../../auth/require-user';
import type { ProfileKind } from '../queries';
import { canManageProfilesOf } from '../write';

// Reads of what a profile sets up to be booked (decision 089): its booking and pitch
// questions, the optional booking steps it has on, its upsell packages and pitch settings.

/** A profile these reads name: its kind and id (the owner's rights were checked before). */
export interface SetupProfile {
  kind: ProfileKind;
  id: number;
}

/**
 * The profile's id when the viewer may read its booking setup: a public profile for anyone
 * (another user's booking flow reads it), a hidden one (paused account, unverified email) for
 * whoever may manage it. Null: answer 404.
 */
export async function findReadableProfile(
  db: DB,
  kind: ProfileKind,
  id: number,
  viewer: AuthUser | null,
): Promise<number | null> {
  const row = await db
    .selectFrom(kind.table)
    .select(['id', 'user_id', 'is_public'])
    .where('id', '=', id)
    .executeTakeFirst();
  if (!row) return null;
  if (row.is_public) return row.id;
  return viewer && (await canManageProfilesOf(db, viewer, row.user_id)) ? row.id : null;
}

const QUESTION_COLUMNS = ['id', 'type', 'body', 'position'] as const;

function presentQuestion(
  profile: SetupProfile,
  row: { id: number; type: BookingQuestionType; body: string; position: number },
): BookingQuestion {
  return { ...row, profile_type: profile.kind.type, profile_id: profile.id };
}

/** The profile's questions of one type, in their order. */
export async function listQuestions(
  db: DB,
  profile: SetupProfile,
  type: BookingQuestionType,
): Promise<BookingQuestion[]> {
  const rows = await db
    .selectFrom('booking_questions')
    .select(QUESTION_COLUMNS)
    .where(profile.kind.fk, '=', profile.id)
    .where('type', '=', type)
    .orderBy('position')
    .orderBy('id')
    .execute();
  return rows.map((row) => presentQuestion(profile, row));
}

/** One question of the profile's; null when it has no question of that id. */
export async function findQuestion(
  db: DB,
  profile: SetupProfile,
  questionId: number,
): Promise<BookingQuestion | null> {
  const row = await db
    .selectFrom('booking_questions')
    .select(QUESTION_COLUMNS)
    .where(profile.kind.fk, '=', profile.id)
    .where('id', '=', questionId)
    .executeTakeFirst();
  return row ? presentQuestion(profile, row) : null;
}

/** How many questions of this type the profile has. */
export async function countQuestions(
  db: DB,
  profile: SetupProfile,
  type: BookingQuestionType,
): Promise<number> {
  const row = await db
    .selectFrom('booking_questions')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(profile.kind.fk, '=', profile.id)
    .where('type', '=', type)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Steps that are on when a profile has saved no preferences (spec §2.7; decision 089). */
export const DEFAULT_STEPS = {
  pitch: true,
  miniview_questions: false,
  questions: true,
  upsells: true,
  payment: true,
} as const;

export type StepColumns = { -readonly [K in keyof typeof DEFAULT_STEPS]: boolean };

/** The stored (or default) steps as the API answers them: a show has no miniview step. */
export function presentPreferences(kind: ProfileKind, steps: StepColumns): BookingFlowPreferences {
  return {
    pitch: steps.pitch,
    ...(kind.type === 'guest' ? { 'miniview-questions': steps.miniview_questions } : {}),
    questions: steps.questions,
    upsells: steps.upsells,
    payment: steps.payment,
  };
}

/** The steps the profile has saved, or the defaults. */
export async function loadStepColumns(db: DB, profile: SetupProfile): Promise<StepColumns> {
  const row = await db
    .selectFrom('booking_flow_preferences')
    .select(['pitch', 'miniview_questions', 'questions', 'upsells', 'payment'])
    .where(profile.kind.fk, '=', profile.id)
    .executeTakeFirst();
  return row ?? { ...DEFAULT_STEPS };
}

export async function loadPreferences(
  db: DB,
  profile: SetupProfile,
): Promise<BookingFlowPreferences> {
  return presentPreferences(profile.kind, await loadStepColumns(db, profile));
}

interface UpsellRow {
  id: number;
  title: string;
  description: string | null;
  /** cents */
  price: number;
  url: string | null;
  social_handle: string | null;
  profile_name: string;
}

function presentUpsell(profile: SetupProfile, row: UpsellRow): UpsellPackage {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    price: row.price,
    currency: 'USD',
    url: row.url,
    social_handle: row.social_handle,
    profile_type: profile.kind.type,
    profile_name: row.profile_name,
    profile_id: profile.id,
  };
}

/** Upsell packages with their profile's id and name; the callers say whose. */
function upsellRows(db: DB) {
  return db
    .selectFrom('upsell_packages as u')
    .leftJoin('guest_profiles as g', 'g.id', 'u.guest_profile_id')
    .leftJoin('show_profiles as s', 's.id', 'u.show_profile_id')
    .select([
      'u.id',
      'u.title',
      'u.description',
      'u.price',
      'u.url',
      'u.social_handle',
      sql<string>`coalesce(g.name, s.name)`.as('profile_name'),
      sql<number>`coalesce(u.guest_profile_id, u.show_profile_id)`.as('profile_id'),
    ]);
}

function upsellQuery(db: DB, profile: SetupProfile) {
  return upsellRows(db).where(`u.${profile.kind.fk}`, '=', profile.id);
}

/** The profile's upsell packages, oldest first. */
export async function listUpsells(db: DB, profile: SetupProfile): Promise<UpsellPackage[]> {
  const rows = await upsellQuery(db, profile).orderBy('u.id').execute();
  return rows.map((row) => presentUpsell(profile, row));
}

/** The upsell packages of several profiles of one kind, oldest first, by profile id. */
export async function upsellsOfProfiles(
  db: DB,
  kind: ProfileKind,
  ids: number[],
): Promise<Map<number, UpsellPackage[]>> {
  const byProfile = new Map<number, UpsellPackage[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return byProfile;
  const rows = await upsellRows(db).where(`u.${kind.fk}`, 'in', ids).orderBy('u.id').execute();
  for (const row of rows) {
    byProfile.get(row.profile_id)?.push(presentUpsell({ kind, id: row.profile_id }, row));
  }
  return byProfile;
}

/** One upsell package of the profile's; null when it has none of that id. */
export async function findUpsell(
  db: DB,
  profile: SetupProfile,
  packageId: number,
): Promise<UpsellPackage | null> {
  const row = await upsellQuery(db, profile).where('u.id', '=', packageId).executeTakeFirst();
  return row ? presentUpsell(profile, row) : null;
}

/** How many upsell packages the profile has. */
export async function countUpsells(db: DB, profile: SetupProfile): Promise<number> {
  const row = await db
    .selectFrom('upsell_packages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(profile.kind.fk, '=', profile.id)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The profile's pitch settings (the card's pitch_settings) and its highest bookable price. */
export async function loadPitchSettings(
  db: DB,
  profile: SetupProfile,
): Promise<PitchSettingsDetail> {
  const row = await db
    .selectFrom(profile.kind.table)
    .select(['pitch_enabled', 'pitch_price', 'highest_price'])
    .where('id', '=', profile.id)
    .executeTakeFirstOrThrow();
  return {
    is_enabled: row.pitch_enabled,
    price: row.pitch_price,
    highest_price: row.highest_price,
  };
}
