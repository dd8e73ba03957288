import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { Nullable } from '../../contract-schemas';
import { adminOnly } from '../auth/require-user';
import { checkLedger, LEDGER_RULES, type LedgerRule } from './ledger-check';

// GET /admin/ledger-check (issue 28 §5): the standing money check as a read-only report for
// site admins. It lives with the money it checks: there is no admin module, /admin/users is
// users/ (decision 074).

const LedgerViolationSchema = Type.Object({
  rule: Type.Unsafe<LedgerRule>({ type: 'string', enum: [...LEDGER_RULES] }),
  booking_id: Nullable(Type.Integer()),
  user_id: Nullable(Type.Integer()),
  expected: Type.String(),
  actual: Type.String(),
});

const LedgerCheckSchema = Type.Object({
  data: Type.Object({
    ok: Type.Boolean(),
    /** ISO 8601, UTC */
    checked_at: Type.String(),
    violations: Type.Array(LedgerViolationSchema),
  }),
});

export async function ledgerCheckRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/admin/ledger-check',
    // a visitor 401 and a non-admin 403 before anything is read
    { preValidation: adminOnly, schema: { response: { 200: LedgerCheckSchema } } },
    async () => {
      const now = new Date();
      const violations = await checkLedger(app.db, { now });
      return { data: { ok: violations.length === 0, checked_at: now.toISOString(), violations } };
    },
  );
}
