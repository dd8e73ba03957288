import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type, type TSchema } from 'typebox';
import {
  BookingFlowPreferencesSchema,
  BookingQuestionSchema,
  PitchSettingsDetailSchema,
  UpsellPackageSchema,
} from '../../../contract-schemas';
import { notFound } from '../../../http/errors';
import { PUBLIC_ANSWER } from '../../../http/public-cache';
import {
  Bool,
  bodyRules,
  Filled,
  IdParam,
  MAX_STRING,
  Nullable,
  OneOf,
  Patch,
  Str,
  WebUrl,
  Whole,
  wholeErrors,
} from '../../../http/schema';
import { optionalUser } from '../../auth/require-user';
import { GUEST_KIND, SHOW_KIND, type ProfileKind } from '../queries';
import { managedProfile, manages } from '../write';
import {
  findReadableProfile,
  listQuestions,
  listUpsells,
  loadPitchSettings,
  loadPreferences,
  type SetupProfile,
} from './queries';
import {
  createQuestion,
  createUpsell,
  deleteQuestion,
  deleteUpsell,
  MAX_QUESTION_LENGTH,
  MAX_UPSELL_CENTS,
  MAX_UPSELL_DESCRIPTION,
  pitchPriceErrors,
  savePitchSettings,
  savePreferences,
  updateQuestion,
  updateUpsell,
  type StepChanges,
} from './service';

// What a guest or a show sets up to be booked (issue 16, decision 089), one implementation for
// both kinds under /guests/{guest}/... and /shows/{show}/...:
//   booking-questions (GET ?type=booking|pitch, POST, PUT/DELETE .../{questionId}),
//   booking-flow-preferences (GET, PUT {updatedPreferences}),
//   upsell-packages (GET, POST, PUT/DELETE .../{packageId}),
//   pitch-settings (GET, PUT).
// Reads are public for a public profile (another user's booking flow reads them); writes are
// the owner's or a team member's who may manage the owner's profiles (profiles/write.ts).

const QUESTION_TYPES = ['booking', 'pitch'] as const;

const QuestionQuery = Type.Object({ type: Type.Optional(OneOf(QUESTION_TYPES)) });
const QuestionBody = Type.Object({
  body: Filled({ max: MAX_QUESTION_LENGTH }),
  type: Type.Optional(OneOf(QUESTION_TYPES)),
});
/** Changes what it sends: the text, and/or the place among the type's questions (0 first). */
const QuestionPatch = Patch({
  body: Type.Optional(Filled({ max: MAX_QUESTION_LENGTH })),
  position: Type.Optional(Whole()),
});
const positionRule = bodyRules(QuestionPatch, (body) => wholeErrors('position', body.position));

/**
 * The upsell package's fields; `price` in cents (a JSON number, whole), `url` a link (http(s)
 * only: never javascript: or data:).
 */
const UpsellBody = Type.Object({
  title: Filled({ max: MAX_STRING }),
  description: Type.Optional(Str({ max: MAX_UPSELL_DESCRIPTION })),
  price: Whole({ max: MAX_UPSELL_CENTS }),
  currency: OneOf(['USD'], 'The selected currency is invalid. Allowed: USD.'),
  url: Type.Optional(WebUrl({ max: MAX_STRING })),
  social_handle: Type.Optional(Str({ max: MAX_STRING })),
});

/** Cents: leaving it out keeps pitch_settings.price as is, null clears it. */
const PitchBody = Patch({
  is_enabled: Type.Optional(Bool()),
  price: Type.Optional(Nullable(Whole())),
});

const priceRule = bodyRules(UpsellBody, (body) => wholeErrors('price', body.price));

interface Side {
  /** guests | shows */
  path: string;
  kind: ProfileKind;
  /** the profile id's path parameter */
  param: string;
  /** the booking flow's optional steps on this side (spec §2.7) */
  steps: readonly StepKey[];
}

type StepKey = 'pitch' | 'miniview-questions' | 'questions' | 'upsells' | 'payment';
const STEP_COLUMNS: Record<StepKey, keyof StepChanges> = {
  pitch: 'pitch',
  'miniview-questions': 'miniview_questions',
  questions: 'questions',
  upsells: 'upsells',
  payment: 'payment',
};

const GUEST_SIDE: Side = {
  path: 'guests',
  kind: GUEST_KIND,
  param: 'guest',
  steps: ['pitch', 'miniview-questions', 'questions', 'upsells', 'payment'],
};
const SHOW_SIDE: Side = {
  path: 'shows',
  kind: SHOW_KIND,
  param: 'show',
  steps: ['pitch', 'questions', 'upsells', 'payment'],
};

const data = <T extends TSchema>(schema: T) => Type.Object({ data: schema });

function registerSide(app: FastifyInstance, side: Side): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { kind, param } = side;
  const base = `/${side.path}/:${param}`;
  const Params = Type.Object({ [param]: IdParam() });
  const QuestionParams = Type.Object({ [param]: IdParam(), questionId: IdParam() });
  const PackageParams = Type.Object({ [param]: IdParam(), packageId: IdParam() });
  const PreferencesBody = Type.Object({
    updatedPreferences: Type.Object(
      Object.fromEntries(side.steps.map((step) => [step, Type.Optional(Bool())])),
    ),
  });

  /** The profile of a read: public, or hidden and the viewer may manage it; else 404. */
  async function readable(request: FastifyRequest): Promise<SetupProfile> {
    const id = Number((request.params as Record<string, string>)[param]);
    const found = await findReadableProfile(app.db, kind, id, await optionalUser(request));
    if (found === null) throw notFound();
    return { kind, id: found };
  }

  /** The profile of a write (checked in preValidation: 401, 404, 403). */
  async function managed(request: FastifyRequest): Promise<SetupProfile> {
    const { id } = await managedProfile(request, kind, param);
    return { kind, id };
  }

  const write = { preValidation: manages(kind, param) };

  // ---- booking questions ----
  api.get(
    `${base}/booking-questions`,
    {
      config: PUBLIC_ANSWER,
      schema: {
        params: Params,
        querystring: QuestionQuery,
        response: { 200: data(Type.Array(BookingQuestionSchema)) },
      },
    },
    async (request) => ({
      data: await listQuestions(app.db, await readable(request), request.query.type ?? 'booking'),
    }),
  );

  api.post(
    `${base}/booking-questions`,
    {
      ...write,
      schema: {
        params: Params,
        body: QuestionBody,
        response: { 201: data(BookingQuestionSchema) },
      },
    },
    async (request, reply) => {
      const question = await createQuestion(app.db, await managed(request), {
        body: request.body.body,
        type: request.body.type ?? 'booking',
      });
      return reply.code(201).send({ data: question });
    },
  );

  api.put(
    `${base}/booking-questions/:questionId`,
    {
      ...write,
      config: { rules: positionRule },
      schema: {
        params: QuestionParams,
        body: QuestionPatch,
        response: { 200: data(BookingQuestionSchema) },
      },
    },
    async (request) => {
      const question = await updateQuestion(
        app.db,
        await managed(request),
        Number(request.params.questionId),
        request.body,
      );
      if (!question) throw notFound();
      return { data: question };
    },
  );

  api.delete(
    `${base}/booking-questions/:questionId`,
    { ...write, schema: { params: QuestionParams } },
    async (request, reply) => {
      const profile = await managed(request);
      if (!(await deleteQuestion(app.db, profile, Number(request.params.questionId)))) {
        throw notFound();
      }
      return reply.code(204).send();
    },
  );

  // ---- booking flow preferences ----
  api.get(
    `${base}/booking-flow-preferences`,
    {
      config: PUBLIC_ANSWER,
      schema: { params: Params, response: { 200: data(BookingFlowPreferencesSchema) } },
    },
    async (request) => ({ data: await loadPreferences(app.db, await readable(request)) }),
  );

  api.put(
    `${base}/booking-flow-preferences`,
    {
      ...write,
      schema: {
        params: Params,
        body: PreferencesBody,
        response: { 200: data(BookingFlowPreferencesSchema) },
      },
    },
    async (request) => {
      const sent = request.body.updatedPreferences as Partial<Record<StepKey, boolean>>;
      const changes: StepChanges = {};
      for (const step of side.steps) {
        const on = sent[step];
        if (on !== undefined) changes[STEP_COLUMNS[step]] = on;
      }
      return { data: await savePreferences(app.db, await managed(request), changes) };
    },
  );

  // ---- upsell packages ----
  api.get(
    `${base}/upsell-packages`,
    {
      config: PUBLIC_ANSWER,
      schema: { params: Params, response: { 200: data(Type.Array(UpsellPackageSchema)) } },
    },
    async (request) => ({ data: await listUpsells(app.db, await readable(request)) }),
  );

  api.post(
    `${base}/upsell-packages`,
    {
      ...write,
      config: { rules: priceRule },
      schema: { params: Params, body: UpsellBody, response: { 201: data(UpsellPackageSchema) } },
    },
    async (request, reply) => {
      const created = await createUpsell(app.db, await managed(request), request.body);
      return reply.code(201).send({ data: created });
    },
  );

  api.put(
    `${base}/upsell-packages/:packageId`,
    {
      ...write,
      config: { rules: priceRule },
      schema: {
        params: PackageParams,
        body: UpsellBody,
        response: { 200: data(UpsellPackageSchema) },
      },
    },
    async (request) => {
      const updated = await updateUpsell(
        app.db,
        await managed(request),
        Number(request.params.packageId),
        request.body,
      );
      if (!updated) throw notFound();
      return { data: updated };
    },
  );

  api.delete(
    `${base}/upsell-packages/:packageId`,
    { ...write, schema: { params: PackageParams } },
    async (request, reply) => {
      const profile = await managed(request);
      if (!(await deleteUpsell(app.db, profile, Number(request.params.packageId)))) {
        throw notFound();
      }
      return reply.code(204).send();
    },
  );

  // ---- pitch settings (the profile row's pitch_enabled / pitch_price) ----
  api.get(
    `${base}/pitch-settings`,
    {
      config: PUBLIC_ANSWER,
      schema: { params: Params, response: { 200: data(PitchSettingsDetailSchema) } },
    },
    async (request) => ({ data: await loadPitchSettings(app.db, await readable(request)) }),
  );

  const pitchRule = bodyRules(PitchBody, async (body, request) => {
    const fraction = wholeErrors('price', body.price);
    if (Object.keys(fraction).length > 0) return fraction;
    return pitchPriceErrors(app.db, await managed(request), body.price);
  });
  api.put(
    `${base}/pitch-settings`,
    {
      ...write,
      config: { rules: pitchRule },
      schema: {
        params: Params,
        body: PitchBody,
        response: { 200: data(PitchSettingsDetailSchema) },
      },
    },
    async (request) => ({
      data: await savePitchSettings(app.db, await managed(request), request.body),
    }),
  );
}

export async function bookingSetupRoutes(app: FastifyInstance): Promise<void> {
  registerSide(app, GUEST_SIDE);
  registerSide(app, SHOW_SIDE);
}
