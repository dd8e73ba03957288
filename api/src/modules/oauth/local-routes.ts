import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { devSurfaceOnly } from '../../http/dev-surface';
import { escapeHtml, htmlPage as page } from '../../http/html-page';
import { OneOf } from '../../http/schema';
import { PROVIDER_NAMES, PROVIDERS, type ProviderName } from '../../oauth-providers';
import { issueLocalCode } from './providers';
import { userEmail } from './service';
import { peekState } from './state';

// The offline stand-in for every provider's consent page (only when config.oauthLocal): it asks
// which email to "sign in as", then returns to the same place a real provider would. Signing in
// as anyone makes it a development surface (decision 062): loopback callers only.

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Every provider (another one in the path is 404). */
const ProviderParams = Type.Object({
  provider: OneOf(PROVIDERS),
});
// The page reads its query as before: a value that is no text is an expired link, or no email.
const AuthorizeQuery = Type.Object({ state: Type.Optional(Type.Unknown()) });
const DecideQuery = Type.Object({
  state: Type.Optional(Type.Unknown()),
  email: Type.Optional(Type.Unknown()),
  name: Type.Optional(Type.Unknown()),
  decision: Type.Optional(Type.Unknown()),
});

/** Where a real provider would send the browser back to, for this state's purpose. */
function returnPath(provider: ProviderName, purpose: string): string {
  return purpose === 'link'
    ? `/${provider}/authorization`
    : `/api/v1/auth/login/${provider}/callback`;
}

export async function localOAuthRoutes(app: FastifyInstance): Promise<void> {
  if (!app.config.oauthLocal) return;
  devSurfaceOnly(app);

  async function consent(
    reply: FastifyReply,
    provider: ProviderName,
    state: string,
    email: string,
    name: string,
    error: string | null,
  ) {
    const title = `Guestspot local ${PROVIDER_NAMES[provider]}`;
    return page(
      reply,
      error ? 422 : 200,
      title,
      `<h1>${escapeHtml(title)}</h1>
<p class="hint">An offline stand-in for ${escapeHtml(PROVIDER_NAMES[provider])}: choose who to sign in as.</p>
<form method="get" action="/api/v1/oauth/local/${provider}/decide">
  <input type="hidden" name="state" value="${escapeHtml(state)}">
  <label for="email">Sign in as (email)</label>
  <input id="email" name="email" type="email" autocomplete="email" value="${escapeHtml(email)}"${
    error ? ' aria-invalid="true" aria-describedby="email-error"' : ''
  }>
  ${error ? `<p id="email-error" class="error" role="alert">${escapeHtml(error)}</p>` : ''}
  <label for="name">Name <span class="hint">(optional)</span></label>
  <input id="name" name="name" type="text" autocomplete="name" maxlength="255" value="${escapeHtml(name)}">
  <div class="actions">
    <button type="submit" name="decision" value="allow" class="primary">Allow</button>
    <button type="submit" name="decision" value="deny">Deny</button>
  </div>
</form>`,
    );
  }

  const expired = (reply: FastifyReply) =>
    page(
      reply,
      400,
      'Authorization expired',
      '<h1>This authorization link has expired. Please try again.</h1>',
    );

  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const authorize = { schema: { params: ProviderParams, querystring: AuthorizeQuery } };
  api.get('/oauth/local/:provider/authorize', authorize, async (request, reply) => {
    const { provider } = request.params;
    const { state } = request.query;
    const row = await peekState(app.db, state, provider);
    if (!row || typeof state !== 'string') return expired(reply);
    const email =
      (row.user_id === null ? undefined : await userEmail(app.db, row.user_id)) ??
      `demo.${provider}@guestspot.test`;
    return consent(reply, provider, state, email, '', null);
  });

  const decide = { schema: { params: ProviderParams, querystring: DecideQuery } };
  api.get('/oauth/local/:provider/decide', decide, async (request, reply) => {
    const { provider } = request.params;
    const { state, decision } = request.query;
    const row = await peekState(app.db, state, provider);
    if (!row || typeof state !== 'string' || !state) return expired(reply);
    const target = returnPath(provider, row.purpose);
    if (decision !== 'allow') {
      const query = new URLSearchParams({ error: 'access_denied', state });
      return reply.redirect(`${target}?${query.toString()}`, 302);
    }
    const email = typeof request.query.email === 'string' ? request.query.email.trim() : '';
    const name =
      typeof request.query.name === 'string' ? request.query.name.trim().slice(0, 255) : '';
    if (!EMAIL.test(email) || email.length > 255) {
      return consent(reply, provider, state, email, name, 'Enter a valid email address.');
    }
    const code = issueLocalCode(app.config.sessionSecret, { provider, email, name: name || null });
    const query = new URLSearchParams({ code, state });
    return reply.redirect(`${target}?${query.toString()}`, 302);
  });
}
