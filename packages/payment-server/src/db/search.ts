import { sql, type Expression, type SqlBool } from 'kysely';

/**
 * Whether a JSON text column mentions `"…key":"value"` anywhere (the writers use JSON.stringify,
 * which adds no spaces). Used only to ask "is this id referenced", never to read values.
 */
export function jsonMentions(column: string, key: string, value: string): Expression<SqlBool> {
  const escape = (text: string) => text.replace(/[!%_]/g, (char) => `!${char}`);
  const pattern = `%${escape(`${key}":"${value}"`)}%`;
  return sql<SqlBool>`${sql.ref(column)} like ${pattern} escape '!'`;
}
