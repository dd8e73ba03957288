import { sql } from 'kysely';
import type {
  BookingFlowPreferences,
  BookingQuestion,
  BookingQuestionType,
  PitchSettingsDetail,
  UpsellPackage,
} from '../../../contract';
import type { DB } from '../../../db/database';
import { ValidationError, type FieldErrors } from '../../../http/errors';
import {
  countQuestions,
  countUpsells,
  findQuestion,
  findUpsell,
  listQuestions,
  loadPitchSettings,
  loadPreferences,
  loadStepColumns,
  type SetupProfile,
  type StepColumns,
} from './queries';

// Writes of a profile's booking setup (decision 089). Who may write was checked before
// (profiles/write.ts managedProfile: the owner, or a member of the owner's team).

/** At most this many questions of each type, and this many upsell packages, per profile. */
export const MAX_QUESTIONS_PER_TYPE = 20;
export const MAX_UPSELLS = 20;
export const MAX_QUESTION_LENGTH = 1000;
export const MAX_UPSELL_DESCRIPTION = 5000;
/** The largest upsell price in cents ($1,000,000). */
export const MAX_UPSELL_CENTS = 100_000_000;

export const tooManyQuestions = (type: BookingQuestionType) =>
  `A profile may have at most ${MAX_QUESTIONS_PER_TYPE} ${type} questions.`;
export const TOO_MANY_UPSELLS = `A profile may have at most ${MAX_UPSELLS} upsell packages.`;

/** '$400' or '$125.50': a price in cents as the max_price message shows it. */
export function dollarsText(cents: number): string {
  return cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2);
}

/** The spec's max_price message (§5, the shared messages table). */
export function maxPriceMessage(field: string, maxCents: number): string {
  return `${field} cannot be more than your highest booking option ($${dollarsText(maxCents)})`;
}

/** Renumbers the profile's questions of one type 0, 1, 2... in `ids` order. */
async function renumber(trx: DB, ids: number[]): Promise<void> {
  if (ids.length === 0) return;
  const values = sql.join(ids.map((id, position) => sql`(${id}::int, ${position}::int)`));
  await sql`
    update booking_questions q set position = v.position, updated_at = now()
    from (values ${values}) as v(id, position)
    where q.id = v.id and q.position <> v.position
  `.execute(trx);
}

export async function createQuestion(
  db: DB,
  profile: SetupProfile,
  input: { body: string; type: BookingQuestionType },
): Promise<BookingQuestion> {
  return db.transaction().execute(async (trx) => {
    const count = await countQuestions(trx, profile, input.type);
    if (count >= MAX_QUESTIONS_PER_TYPE) {
      throw ValidationError.single('body', tooManyQuestions(input.type));
    }
    const { id } = await trx
      .insertInto('booking_questions')
      .values({
        [profile.kind.fk]: profile.id,
        type: input.type,
        body: input.body.trim(),
        position: count,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const question = await findQuestion(trx, profile, id);
    if (!question) throw new Error('The new question is gone');
    return question;
  });
}

/**
 * Changes a question's text and/or moves it to `position` among its type's questions (0 is
 * first; a number past the end moves it last). Null when the profile has no such question.
 */
export async function updateQuestion(
  db: DB,
  profile: SetupProfile,
  questionId: number,
  input: { body?: string; position?: number },
): Promise<BookingQuestion | null> {
  return db.transaction().execute(async (trx) => {
    const question = await findQuestion(trx, profile, questionId);
    if (!question) return null;
    if (input.body !== undefined) {
      await trx
        .updateTable('booking_questions')
        .set({ body: input.body.trim(), updated_at: sql<Date>`now()` })
        .where('id', '=', questionId)
        .execute();
    }
    if (input.position !== undefined) {
      const others = (await listQuestions(trx, profile, question.type))
        .map((row) => row.id)
        .filter((id) => id !== questionId);
      others.splice(Math.min(input.position, others.length), 0, questionId);
      await renumber(trx, others);
    }
    return findQuestion(trx, profile, questionId);
  });
}

/** Deletes the question and closes the gap; false when the profile has no such question. */
export async function deleteQuestion(
  db: DB,
  profile: SetupProfile,
  questionId: number,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const question = await findQuestion(trx, profile, questionId);
    if (!question) return false;
    await trx.deleteFrom('booking_questions').where('id', '=', questionId).execute();
    const rest = await listQuestions(trx, profile, question.type);
    await renumber(
      trx,
      rest.map((row) => row.id),
    );
    return true;
  });
}

/** The steps a PUT changes (the others keep their saved or default value). */
export type StepChanges = Partial<StepColumns>;

export async function savePreferences(
  db: DB,
  profile: SetupProfile,
  changes: StepChanges,
): Promise<BookingFlowPreferences> {
  return db.transaction().execute(async (trx) => {
    const steps = { ...(await loadStepColumns(trx, profile)), ...changes };
    await trx
      .insertInto('booking_flow_preferences')
      .values({ [profile.kind.fk]: profile.id, ...steps })
      .onConflict((conflict) =>
        conflict.column(profile.kind.fk).doUpdateSet({ ...steps, updated_at: sql<Date>`now()` }),
      )
      .execute();
    return loadPreferences(trx, profile);
  });
}

export interface UpsellInput {
  title: string;
  description?: string;
  /** cents, whole */
  price: number;
  url?: string;
  social_handle?: string;
}

function upsellColumns(input: UpsellInput) {
  return {
    title: input.title.trim(),
    description: input.description?.trim() || null,
    price: input.price,
    currency: 'USD',
    url: input.url?.trim() || null,
    social_handle: input.social_handle?.trim() || null,
  };
}

export async function createUpsell(
  db: DB,
  profile: SetupProfile,
  input: UpsellInput,
): Promise<UpsellPackage> {
  return db.transaction().execute(async (trx) => {
    if ((await countUpsells(trx, profile)) >= MAX_UPSELLS) {
      throw ValidationError.single('title', TOO_MANY_UPSELLS);
    }
    const { id } = await trx
      .insertInto('upsell_packages')
      .values({ [profile.kind.fk]: profile.id, ...upsellColumns(input) })
      .returning('id')
      .executeTakeFirstOrThrow();
    const created = await findUpsell(trx, profile, id);
    if (!created) throw new Error('The new upsell package is gone');
    return created;
  });
}

/** Replaces the package's fields; null when the profile has no such package. */
export async function updateUpsell(
  db: DB,
  profile: SetupProfile,
  packageId: number,
  input: UpsellInput,
): Promise<UpsellPackage | null> {
  const updated = await db
    .updateTable('upsell_packages')
    .set({ ...upsellColumns(input), updated_at: sql<Date>`now()` })
    .where('id', '=', packageId)
    .where(profile.kind.fk, '=', profile.id)
    .executeTakeFirst();
  if (updated.numUpdatedRows === 0n) return null;
  return findUpsell(db, profile, packageId);
}

/** False when the profile has no such package. */
export async function deleteUpsell(
  db: DB,
  profile: SetupProfile,
  packageId: number,
): Promise<boolean> {
  const deleted = await db
    .deleteFrom('upsell_packages')
    .where('id', '=', packageId)
    .where(profile.kind.fk, '=', profile.id)
    .executeTakeFirst();
  return deleted.numDeletedRows > 0n;
}

/**
 * The max_price rule: a pitch may not cost more than the profile's highest bookable option
 * (the kept highest_price, decisions 035/061; none: nothing above 0). Null when within it.
 */
export async function pitchPriceErrors(
  db: DB,
  profile: SetupProfile,
  price: number | null | undefined,
): Promise<FieldErrors> {
  if (price === undefined || price === null) return {};
  const { highest_price: highest } = await loadPitchSettings(db, profile);
  const max = highest ?? 0;
  return price > max ? { price: [maxPriceMessage('Price', max)] } : {};
}

/** Changes what was sent: `price` null clears it (the pitch option's price, else 0, applies). */
export async function savePitchSettings(
  db: DB,
  profile: SetupProfile,
  input: { is_enabled?: boolean; price?: number | null },
): Promise<PitchSettingsDetail> {
  const changes = {
    ...(input.is_enabled !== undefined ? { pitch_enabled: input.is_enabled } : {}),
    ...(input.price !== undefined ? { pitch_price: input.price } : {}),
  };
  if (Object.keys(changes).length > 0) {
    await db
      .updateTable(profile.kind.table)
      .set({ ...changes, updated_at: sql<Date>`now()` })
      .where('id', '=', profile.id)
      .execute();
  }
  return loadPitchSettings(db, profile);
}
