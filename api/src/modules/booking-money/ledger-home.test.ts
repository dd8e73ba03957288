import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { test } from 'node:test';
import { API_ROOT } from '../../config';

// Money has one home (issue 29 §3, decision 109): booking-money/ledger.ts is the one module that
// writes and reads `booking_payments` and `store_credit_entries`. The demo data (db/seed/) and
// the tests write their own rows; the standing money check (ledger-check*.ts) audits both tables
// whole, read-only.

const LEDGER = 'src/modules/booking-money/ledger.ts';
/** The home in three files (decisions 116, 119): ledger.ts re-exports ledger-payouts.ts and ledger-payments.ts. */
const HOME = [
  LEDGER,
  'src/modules/booking-money/ledger-payouts.ts',
  'src/modules/booking-money/ledger-payments.ts',
];
const TABLES = '(booking_payments|store_credit_entries)';
const WRITES = new RegExp(
  [
    `\\b(insertInto|updateTable|deleteFrom|mergeInto)\\(\\s*'${TABLES}\\b`,
    `\\b(insert\\s+into|update|delete\\s+from)\\s+${TABLES}\\b`,
  ].join('|'),
  'i',
);
const READS = new RegExp(`\\bselectFrom\\(\\s*'${TABLES}\\b|\\bfrom\\s+${TABLES}\\b`, 'i');
/** May read the ledgers too: the audit of them (issue 28 §5). */
const mayRead = (file: string) =>
  HOME.includes(file) || /^src\/modules\/booking-money\/ledger-check[\w-]*\.ts$/.test(file);

function sourceFiles(): string[] {
  return fs
    .readdirSync(path.join(API_ROOT, 'src'), { recursive: true, encoding: 'utf8' })
    .map((name) => path.join('src', name))
    .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
    .filter((file) => !file.startsWith('src/db/seed/') && !file.startsWith('src/test/'))
    .sort();
}

function matches(pattern: RegExp, files: string[]): string[] {
  return files.flatMap((file) =>
    fs
      .readFileSync(path.join(API_ROOT, file), 'utf8')
      .split('\n')
      .flatMap((line, index) =>
        pattern.test(line) && !line.trim().startsWith('//') && !line.trim().startsWith('*')
          ? [`${file}:${index + 1}: ${line.trim()}`]
          : [],
      ),
  );
}

test('only booking-money/ledger.ts writes booking_payments and store_credit_entries', () => {
  const files = sourceFiles();
  assert.ok(matches(WRITES, [LEDGER]).length >= 4, 'the pattern finds the ledger’s own writes');
  assert.deepEqual(
    matches(
      WRITES,
      files.filter((file) => !HOME.includes(file)),
    ),
    [],
  );
});

test('only booking-money/ledger.ts reads them (and the money check that audits them)', () => {
  const files = sourceFiles();
  assert.ok(matches(READS, [LEDGER]).length >= 2, 'the pattern finds the ledger’s own reads');
  assert.deepEqual(
    matches(
      READS,
      files.filter((file) => !mayRead(file)),
    ),
    [],
  );
});
