import { sql, type RawBuilder } from 'kysely';
import type { Database } from './schema.js';

type Table = keyof Database & string;
type TableRef = `${Table} as ${string}`;

const ALIAS = /^[a-z_][a-z0-9_]*$/;

/**
 * How a table's owner lends it to another area's query: the owner's repository exports
 * a reference maker (accounts: `usersAs`, made by this function from its table's name), and the
 * caller writes `innerJoin(usersAs('u'), ...)` with an alias of its own choosing. The table's name is then written in one place, its owner.
 */
export function tableAs<T extends Table>(table: T) {
  return <A extends string>(alias: A): `${T} as ${A}` => {
    if (!ALIAS.test(alias)) throw new Error(`not a table alias: ${alias}`);
    return `${table} as ${alias}` as `${T} as ${A}`;
  };
}

/** The same reference inside a raw template: sql`select ... from ${inSql(usersAs('u'))}`. */
export const inSql = (ref: TableRef): RawBuilder<unknown> => sql.raw(ref);
