import {
  PostgresDialect,
  sql,
  type DatabaseIntrospector,
  type Kysely,
  type SchemaMetadata,
  type TableMetadata,
} from 'kysely';

/**
 * Sees only the connection's own schema. Kysely's introspector (which its migrator calls to find
 * the migration tables) scans every schema and resolves each by name, so a schema dropped at
 * that moment by another process (a finished test file) fails the scan with "schema … does
 * not exist". A database that is ours alone needs no more than its own schema anyway.
 */
class SchemaIntrospector implements DatabaseIntrospector {
  readonly #db: Kysely<unknown>;

  constructor(db: Kysely<unknown>) {
    this.#db = db;
  }

  async getSchemas(): Promise<SchemaMetadata[]> {
    const { rows } = await sql<{ name: string }>`SELECT current_schema() AS name`.execute(this.#db);
    return rows;
  }

  async getTables(): Promise<TableMetadata[]> {
    const { rows } = await sql<{
      table_name: string;
      table_schema: string;
      table_type: string;
      column_name: string | null;
      data_type: string | null;
      is_nullable: string | null;
      column_default: string | null;
    }>`
      SELECT t.table_name, t.table_schema, t.table_type,
             c.column_name, c.data_type, c.is_nullable, c.column_default
      FROM information_schema.tables t
      LEFT JOIN information_schema.columns c
        ON c.table_schema = t.table_schema AND c.table_name = t.table_name
      WHERE t.table_schema = current_schema()
      ORDER BY t.table_name, c.ordinal_position`.execute(this.#db);
    const tables = new Map<string, TableMetadata>();
    for (const row of rows) {
      let table = tables.get(row.table_name);
      if (!table) {
        table = {
          name: row.table_name,
          schema: row.table_schema,
          isView: row.table_type === 'VIEW',
          isForeign: row.table_type === 'FOREIGN',
          columns: [],
        };
        tables.set(row.table_name, table);
      }
      if (row.column_name) {
        table.columns.push({
          name: row.column_name,
          dataType: row.data_type ?? '',
          isNullable: row.is_nullable === 'YES',
          hasDefaultValue: row.column_default !== null,
          isAutoIncrementing: row.column_default?.startsWith('nextval(') ?? false,
        });
      }
    }
    return [...tables.values()];
  }
}

/** PostgreSQL as Kysely speaks it, introspecting only the connection's schema. */
export class SchemaScopedPostgresDialect extends PostgresDialect {
  override createIntrospector(db: Kysely<unknown>): DatabaseIntrospector {
    return new SchemaIntrospector(db);
  }
}
