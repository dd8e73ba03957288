import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { OptionPricesDetailSchema } from '../../../contract-schemas';
import { notFound } from '../../../http/errors';
import { PUBLIC_ANSWER } from '../../../http/public-cache';
import { bodyRules, Id, IdParam, OneOf, Whole, wholeErrors } from '../../../http/schema';
import { optionalUser } from '../../auth/require-user';
import { INTERVIEW_DURATIONS } from '../../../booking-facts';
import { findReadableProfile, type SetupProfile } from '../booking-setup/queries';
import { GUEST_KIND, SHOW_KIND, type ProfileKind } from '../queries';
import { managedProfile, manages } from '../write';
import { loadOptionPrices, SELLABLE_SLUGS } from './queries';
import { MAX_OPTION_CENTS, optionPriceErrors, replaceOptionPrices } from './service';

// A profile's price per booking option and interview duration (issue 16, decision 095), one
// implementation for both kinds:
//   GET /{guests|shows}/{id}/option-prices: public for a public profile (as decision 089's reads);
//   PUT /{guests|shows}/{id}/option-prices {option_prices: [{booking_option_id,
//     interview_duration, price}]}: replaces them all (price in cents), the owner's or a
//     team member's who may manage the owner's profiles.
// A guest's virtual-interview prices stay written by its availability settings only.

const OptionPricesBody = Type.Object({
  option_prices: Type.Array(
    Type.Object({
      booking_option_id: Id(),
      interview_duration: OneOf(INTERVIEW_DURATIONS),
      /** cents, a whole JSON number */
      price: Whole({ max: MAX_OPTION_CENTS }),
    }),
    { maxItems: SELLABLE_SLUGS.guest.length * INTERVIEW_DURATIONS.length },
  ),
});

const Answer = Type.Object({ data: OptionPricesDetailSchema });

function registerSide(app: FastifyInstance, kind: ProfileKind, param: string): void {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const url = `/${kind.type}s/:${param}/option-prices`;
  const Params = Type.Object({ [param]: IdParam() });

  async function readable(request: FastifyRequest): Promise<SetupProfile> {
    const id = Number((request.params as Record<string, string>)[param]);
    const found = await findReadableProfile(app.db, kind, id, await optionalUser(request));
    if (found === null) throw notFound();
    return { kind, id: found };
  }

  api.get(
    url,
    { config: PUBLIC_ANSWER, schema: { params: Params, response: { 200: Answer } } },
    async (request) => ({ data: await loadOptionPrices(app.db, await readable(request)) }),
  );

  // a fraction of a cent (the schema takes any JSON number), then what needs the database
  const rules = bodyRules(OptionPricesBody, async (body) => {
    const rows = body.option_prices ?? [];
    const fractions = rows.map((row, index) =>
      wholeErrors(`option_prices.${index}.price`, row.price),
    );
    return Object.assign({}, ...fractions, await optionPriceErrors(app.db, kind, rows));
  });
  api.put(
    url,
    {
      preValidation: manages(kind, param),
      config: { rules },
      schema: { params: Params, body: OptionPricesBody, response: { 200: Answer } },
    },
    async (request) => {
      const { id } = await managedProfile(request, kind, param);
      return { data: await replaceOptionPrices(app.db, { kind, id }, request.body.option_prices) };
    },
  );
}

export async function optionPriceRoutes(app: FastifyInstance): Promise<void> {
  registerSide(app, GUEST_KIND, 'guest');
  registerSide(app, SHOW_KIND, 'show');
}
