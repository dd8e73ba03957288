import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { sql } from 'kysely';
import * as prettier from 'prettier';
import { API_ROOT } from '../src/config';
import { openPgliteMemory } from '../src/db/database';
import { migrate, readMigrationFiles, type MigrationFile } from '../src/db/migrate';
import {
  JSON_COLUMNS,
  NAMED_UNIONS,
  SCHEMA_IMPORTS,
  TRIGGER_COLUMNS,
} from '../src/db/schema-overlay';

// src/db/schema.ts: the Kysely row types, generated from the migrated database (decision 071).
//   npm run db:types -w api              rewrite src/db/schema.ts
//   npm run db:types -w api -- --check   exit 1 when it does not match the migrations
// Kysely's own introspection (db.introspection) over an in-memory PGlite gives the tables and
// columns; pg_constraint gives the values of CHECK (column IN (...)); src/db/schema-overlay.ts
// adds what the database cannot say (JSON shapes, trigger-only columns, names of value sets).

export const SCHEMA_FILE = path.join(API_ROOT, 'src', 'db', 'schema.ts');

interface Column {
  name: string;
  dataType: string;
  isNullable: boolean;
  hasDefault: boolean;
}

/** table.column → the values its CHECK (column IN (...)) allows. */
async function checkedValues(
  db: Awaited<ReturnType<typeof openPgliteMemory>>['db'],
): Promise<Map<string, string[]>> {
  const { rows } = await sql<{ table: string; column: string; definition: string }>`
    select c.relname as "table", a.attname as "column",
           pg_get_constraintdef(k.oid) as definition
    from pg_constraint k
    join pg_class c on c.oid = k.conrelid
    join pg_namespace n on n.oid = c.relnamespace and n.nspname = current_schema()
    join pg_attribute a on a.attrelid = c.oid and a.attnum = k.conkey[1]
    where k.contype = 'c' and array_length(k.conkey, 1) = 1
  `.execute(db);
  const values = new Map<string, string[]>();
  for (const row of rows) {
    const list = new RegExp(`\\b${row.column} = ANY \\(ARRAY\\[([^\\]]*)\\]\\)`).exec(
      row.definition,
    );
    if (!list?.[1]) continue;
    const items = [...list[1].matchAll(/'((?:[^']|'')*)'::text/g)].map((m) =>
      (m[1] ?? '').replace(/''/g, "'"),
    );
    values.set(`${row.table}.${row.column}`, items);
  }
  return values;
}

function pascal(name: string): string {
  return name.replace(/(^|_)([a-z0-9])/g, (_m, _s, c: string) => c.toUpperCase());
}

function literalUnion(values: string[]): string {
  return values
    .map((value) => `'${value.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`)
    .join(' | ');
}

/** The base select and insert/update types of a column, before null and defaults. */
function baseTypes(dataType: string): { select: string; write: string } {
  switch (dataType) {
    case 'int2':
    case 'int4':
    case 'float4':
    case 'float8':
      return { select: 'number', write: 'number' };
    case 'int8':
    case 'numeric':
      // pg returns these as strings
      return { select: 'string', write: 'number | string' };
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'uuid':
    case 'citext':
      return { select: 'string', write: 'string' };
    case 'bool':
      return { select: 'boolean', write: 'boolean' };
    case 'bytea':
      return { select: 'Buffer', write: 'Buffer' };
    case 'date':
      return { select: 'Date', write: 'string' };
    case 'timestamptz':
    case 'timestamp':
      return { select: 'Date', write: 'Date | string' };
    case '_text':
    case '_varchar':
      return { select: 'string[]', write: 'string[]' };
    case 'json':
    case 'jsonb':
      return { select: 'unknown', write: 'string' };
    case '_int4':
      return { select: 'number[]', write: 'number[]' };
    default:
      throw new Error(`db-types: no TypeScript type for the column type ${dataType}`);
  }
}

function columnType(
  key: string,
  column: Column,
  checked: Map<string, string[]>,
  unionNames: Map<string, string>,
): string {
  const nullable = column.isNullable ? ' | null' : '';
  const optional = column.hasDefault ? ' | undefined' : '';
  if (TRIGGER_COLUMNS.includes(key)) {
    return `ColumnType<${baseTypes(column.dataType).select}${nullable}, never, never>`;
  }
  let { select, write } = baseTypes(column.dataType);
  const json = JSON_COLUMNS[key];
  if (column.dataType === 'jsonb' || column.dataType === 'json') {
    if (!json)
      throw new Error(`db-types: say what the JSON column ${key} holds in schema-overlay.ts`);
    select = json;
    write = 'string';
  } else if (json) {
    throw new Error(`db-types: ${key} is not a JSON column (schema-overlay.ts)`);
  }
  const values = checked.get(key);
  if (values && column.dataType === 'text') {
    select = unionNames.get(key) ?? literalUnion(values);
    write = select;
  }
  if (column.dataType === 'timestamptz' || column.dataType === 'timestamp') {
    if (column.isNullable) return 'NullableTimestamp';
    return column.hasDefault ? 'CreatedAt' : 'Timestamp';
  }
  if (select === write) {
    if (column.hasDefault) return `Generated<${select}${nullable}>`;
    return `${select}${nullable}`;
  }
  return `ColumnType<${select}${nullable}, ${write}${nullable}${optional}, ${write}${nullable}>`;
}

/** The whole of src/db/schema.ts, for these migrations (default: migrations/*.sql). */
export async function generateSchema(
  migrations: MigrationFile[] = readMigrationFiles(),
): Promise<string> {
  const opened = await openPgliteMemory();
  let source: string;
  try {
    await migrate(opened.db, migrations);
    const tables = (await opened.db.introspection.getTables())
      .filter((table) => !table.isView)
      .sort((a, b) => (a.name < b.name ? -1 : 1));
    const checked = await checkedValues(opened.db);

    const known = new Set(
      tables.flatMap((table) => table.columns.map((column) => `${table.name}.${column.name}`)),
    );
    const overlayKeys = [
      ...Object.keys(JSON_COLUMNS),
      ...TRIGGER_COLUMNS,
      ...Object.values(NAMED_UNIONS).flat(),
    ];
    const stale = overlayKeys.filter((key) => !known.has(key));
    if (stale.length > 0) {
      throw new Error(
        `db-types: schema-overlay.ts names columns that do not exist: ${stale.join(', ')}`,
      );
    }

    const unionNames = new Map<string, string>();
    const named: string[] = [];
    for (const [name, keys] of Object.entries(NAMED_UNIONS).sort(([a], [b]) => (a < b ? -1 : 1))) {
      const sets = keys.map((key) => literalUnion(checked.get(key) ?? []));
      if (sets.some((set) => set === '' || set !== sets[0])) {
        throw new Error(
          `db-types: ${name}: ${keys.join(', ')} do not allow one same set of values`,
        );
      }
      for (const key of keys) unionNames.set(key, name);
      named.push(`export type ${name} = ${sets[0]};`);
    }

    const interfaces = tables.map((table) => {
      const lines = table.columns.map((column) => {
        const key = `${table.name}.${column.name}`;
        const type = columnType(
          key,
          {
            name: column.name,
            dataType: column.dataType,
            isNullable: column.isNullable,
            hasDefault: column.hasDefaultValue || column.isAutoIncrementing,
          },
          checked,
          unionNames,
        );
        return `  ${column.name}: ${type};`;
      });
      return `export interface ${pascal(table.name)}Table {\n${lines.join('\n')}\n}`;
    });

    source = [
      '// Generated by `npm run db:types -w api` (api/scripts/db-types.ts) from the migrated',
      '// database and src/db/schema-overlay.ts; do not edit. Decision 071.',
      '',
      "import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';",
      ...SCHEMA_IMPORTS,
      '',
      'export type { PlatformStat };',
      '',
      'type CreatedAt = ColumnType<Date, Date | string | undefined, Date | string>;',
      'type Timestamp = ColumnType<Date, Date | string, Date | string>;',
      'type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;',
      '',
      ...named,
      '',
      interfaces.join('\n\n'),
      '',
      'export interface Database {',
      ...tables.map((table) => `  ${table.name}: ${pascal(table.name)}Table;`),
      '}',
      '',
      'export type UserRow = Selectable<UsersTable>;',
      'export type NewUser = Insertable<UsersTable>;',
      '',
    ].join('\n');
  } finally {
    await opened.close();
  }
  const options = await prettier.resolveConfig(SCHEMA_FILE);
  return prettier.format(source, { ...options, filepath: SCHEMA_FILE });
}

async function main(): Promise<void> {
  const expected = await generateSchema();
  const relative = path.relative(process.cwd(), SCHEMA_FILE);
  if (process.argv.includes('--check')) {
    const current = fs.existsSync(SCHEMA_FILE) ? fs.readFileSync(SCHEMA_FILE, 'utf8') : '';
    if (current !== expected) {
      console.error(
        `${relative} does not match the migrations: run \`npm run db:types -w api\` and commit it.`,
      );
      process.exit(1);
    }
    console.log(`${relative} is up to date.`);
    return;
  }
  fs.writeFileSync(SCHEMA_FILE, expected);
  console.log(`Wrote ${relative}.`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
