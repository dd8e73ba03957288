import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { devSurfaceOnly } from '../../http/dev-surface';
import { escapeHtml, htmlPage } from '../../http/html-page';
import { Str } from '../../http/schema';
import { PAYOUT_COUNTRIES } from './countries';
import {
  LocalPayoutProvider,
  MAX_LINK_TOKEN,
  type LocalAccount,
  type LocalBusinessDetails,
  type LocalLink,
} from './local-provider';

// The LOCAL payout provider's own pages, standing in for Stripe's hosted onboarding and Express
// dashboard (only when that provider runs; a development surface, decision 062: never in
// production, loopback callers only). Reached by the links the provider hands out; the signed
// link is the credential, as a Stripe account link is. The form posts without the SPA's XSRF
// header, so it is checked another way: the signed token rides in the body and a cross-site
// Origin is refused.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BUSINESS_TYPES = { individual: 'Individual', company: 'Company' } as const;
const COUNTRY_NAMES = new Map(PAYOUT_COUNTRIES.map((country) => [country.code, country.name]));

type BusinessType = keyof typeof BUSINESS_TYPES;

// These pages answer in HTML, never with the API's JSON 422: their schemas are checked with
// `attachValidation`, and a token the schema refuses (missing, not text, too long) gets the same
// "link invalid" page as a forged one.

/** The signed link's token (GET ?token=, and the form's hidden field). */
const LinkToken = () => Str({ max: MAX_LINK_TOKEN });

const LinkQuery = Type.Object({ token: LinkToken() });

/**
 * The onboarding form. Its fields are read leniently below, as a form's are (a value that is not
 * one the form offers is as if not given), and their errors are shown on the page.
 */
const OnboardingForm = Type.Object({
  token: LinkToken(),
  business_type: Type.Optional(Type.Unknown()),
  legal_name: Type.Optional(Type.Unknown()),
  email: Type.Optional(Type.Unknown()),
  decision: Type.Optional(Type.Unknown()),
});

interface FormErrors {
  business_type?: string;
  legal_name?: string;
  email?: string;
}

function text(value: unknown, max = 255): string {
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
}

function businessType(value: unknown): BusinessType | null {
  return value === 'individual' || value === 'company' ? value : null;
}

function errorAttributes(field: keyof FormErrors, errors: FormErrors): string {
  return errors[field] ? ` aria-invalid="true" aria-describedby="${field}-error"` : '';
}

function errorText(field: keyof FormErrors, errors: FormErrors): string {
  const message = errors[field];
  return message
    ? `<p id="${field}-error" class="error" role="alert">${escapeHtml(message)}</p>`
    : '';
}

export async function localPayoutRoutes(app: FastifyInstance): Promise<void> {
  const running = app.payouts;
  if (!(running instanceof LocalPayoutProvider) || !app.config.payoutLocal) return;
  devSurfaceOnly(app);
  const provider: LocalPayoutProvider = running;
  const siteOrigin = new URL(app.config.appUrl).origin;
  const settingsUrl = `${app.config.appUrl}/settings#payout`;

  // Plain HTML forms post urlencoded bodies (only the routes of this plugin parse them).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 16 * 1024 },
    (_request, body, done) => {
      const source = typeof body === 'string' ? body : body.toString('utf8');
      done(null, Object.fromEntries(new URLSearchParams(source)));
    },
  );

  const invalidLink = (reply: FastifyReply) =>
    htmlPage(
      reply,
      400,
      'Link expired',
      `<h1>This link is invalid or has expired.</h1>
<p>Go back to Guestspot and try again.</p>
<p><a href="${escapeHtml(settingsUrl)}">Return to Guestspot</a></p>`,
    );

  /**
   * The link and its account, or a reply already sent (invalid link, or expired: refresh URL).
   * `token` is null when the schema refused it.
   */
  async function open(
    reply: FastifyReply,
    token: string | null,
    purpose: LocalLink['purpose'],
  ): Promise<{ link: LocalLink; account: LocalAccount } | null> {
    const link = provider.readLink(token, purpose);
    if (!link) {
      await invalidLink(reply);
      return null;
    }
    if (link.expired) {
      await reply.redirect(link.refreshUrl, 303);
      return null;
    }
    const account = await provider.findAccount(link.accountId);
    if (!account) {
      await invalidLink(reply);
      return null;
    }
    return { link, account };
  }

  function onboardingForm(
    reply: FastifyReply,
    token: string,
    account: LocalAccount,
    values: LocalBusinessDetails,
    errors: FormErrors,
  ) {
    const country = COUNTRY_NAMES.get(account.country_code) ?? account.country_code;
    const invalid = Object.keys(errors).length > 0;
    const radios = (Object.keys(BUSINESS_TYPES) as BusinessType[])
      .map(
        (type) =>
          `<input type="radio" id="business_type_${type}" name="business_type" value="${type}"${
            values.business_type === type ? ' checked' : ''
          }${errorAttributes('business_type', errors)}><label for="business_type_${type}">${
            BUSINESS_TYPES[type]
          }</label>`,
      )
      .join('\n    ');
    return htmlPage(
      reply,
      invalid ? 422 : 200,
      'Set up payouts',
      `<h1>Set up payouts</h1>
<p class="hint">An offline stand-in for Stripe's onboarding: nothing leaves this machine.</p>
<form method="post" action="/api/v1/payouts/local/onboarding">
  <input type="hidden" name="token" value="${escapeHtml(token)}">
  <p><strong>Country:</strong> ${escapeHtml(country)}</p>
  <fieldset>
    <legend>Business type</legend>
    ${radios}
    ${errorText('business_type', errors)}
  </fieldset>
  <label for="legal_name">Legal name</label>
  <input id="legal_name" name="legal_name" type="text" maxlength="255" autocomplete="name" value="${escapeHtml(
    values.legal_name ?? '',
  )}"${errorAttributes('legal_name', errors)}>
  ${errorText('legal_name', errors)}
  <label for="email">Email</label>
  <input id="email" name="email" type="email" maxlength="255" autocomplete="email" value="${escapeHtml(
    values.email,
  )}"${errorAttributes('email', errors)}>
  ${errorText('email', errors)}
  <div class="actions">
    <button type="submit" name="decision" value="submit" class="primary">Submit details</button>
    <button type="submit" name="decision" value="later">Save and finish later</button>
  </div>
</form>`,
      { formAction: [siteOrigin] },
    );
  }

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const linkOptions = { attachValidation: true, schema: { querystring: LinkQuery } };

  api.get('/payouts/local/onboarding', linkOptions, async (request, reply) => {
    const token = request.validationError ? null : request.query.token;
    const opened = await open(reply, token, 'onboarding');
    if (!opened) return reply;
    const { account } = opened;
    if (account.details_submitted) return reply.redirect(opened.link.returnUrl, 303);
    return onboardingForm(reply, request.query.token, account, account, {});
  });

  const submitOptions = {
    // A plain form cannot send the XSRF header: the signed token in the body and the Origin
    // check below stand in for it.
    config: { csrf: false },
    attachValidation: true,
    schema: { body: OnboardingForm },
  };
  api.post('/payouts/local/onboarding', submitOptions, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin !== undefined && origin !== siteOrigin && origin !== requestOrigin(request)) {
      return reply.code(403).send({ message: 'This action is unauthorized.' });
    }
    const body = request.body;
    const opened = await open(reply, request.validationError ? null : body.token, 'onboarding');
    if (!opened) return reply;
    const { link, account } = opened;
    if (account.details_submitted) return reply.redirect(link.returnUrl, 303);

    const values: LocalBusinessDetails = {
      business_type: businessType(body.business_type),
      legal_name: text(body.legal_name) || null,
      email: text(body.email) || account.email,
    };
    if (body.decision !== 'submit') {
      // "Save and finish later": like leaving Stripe's onboarding, back to the return URL with
      // the details still needed.
      await provider.saveDetails(account.id, {
        ...values,
        email: EMAIL.test(values.email) ? values.email : account.email,
      });
      return reply.redirect(link.returnUrl, 303);
    }
    const errors: FormErrors = {};
    if (!values.business_type) errors.business_type = 'Choose a business type.';
    if (!values.legal_name) errors.legal_name = 'Enter the legal name.';
    if (!EMAIL.test(values.email)) errors.email = 'Enter a valid email address.';
    if (Object.keys(errors).length > 0) {
      return onboardingForm(reply, body.token, account, values, errors);
    }
    await provider.submitDetails(account.id, values);
    return reply.redirect(link.returnUrl, 303);
  });

  api.get('/payouts/local/dashboard', linkOptions, async (request, reply) => {
    const token = request.validationError ? null : request.query.token;
    const opened = await open(reply, token, 'dashboard');
    if (!opened) return reply;
    const { account, link } = opened;
    const status = account.charges_enabled
      ? 'Active: payouts enabled'
      : account.details_submitted
        ? 'Pending: details under review'
        : 'Details needed';
    const rows: [string, string][] = [
      ['Account', account.id],
      ['Status', status],
      ['Country', COUNTRY_NAMES.get(account.country_code) ?? account.country_code],
      ['Business type', account.business_type ? BUSINESS_TYPES[account.business_type] : '—'],
      ['Legal name', account.legal_name ?? '—'],
      ['Email', account.email],
    ];
    return htmlPage(
      reply,
      200,
      'Payout dashboard',
      `<h1>Payout dashboard</h1>
<p class="hint">An offline stand-in for the Stripe Express dashboard.</p>
<dl>
${rows.map(([term, value]) => `  <dt>${escapeHtml(term)}</dt><dd>${escapeHtml(value)}</dd>`).join('\n')}
</dl>
<p><a href="${escapeHtml(link.returnUrl)}">Return to Guestspot</a></p>`,
    );
  });
}

function requestOrigin(request: FastifyRequest): string {
  return `${request.protocol}://${request.host}`;
}
