/**
 * Finds the tables a server source file names in SQL: in Kysely's builder calls
 * (selectFrom('users as u'), innerJoin(...), insertInto, updateTable, deleteFrom, with the
 * array form too), in sql.table('...') and in the text of sql`...` templates (after from, join,
 * update, into, exists-free: only where a table can stand). Read as text: a name built at run
 * time is not seen, so owners keep their table names literal.
 */
const BUILDER = /\b(?:selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto|innerJoin|leftJoin|rightJoin|fullJoin|innerJoinLateral|leftJoinLateral|crossJoin|using)\(\s*(\[[^\]]*\]|['"][^'"]+['"])/g;
const TABLE_CALL = /\b(?:sql\.table|tableAs)\(\s*['"]([a-z_]+)['"]/g;
const SQL_TEMPLATE = /\bsql(?:<[^`]*?>)?`((?:[^`\\]|\\.)*)`/gs;
const SQL_TABLE_WORD = /\b(?:from|join|update|into|table)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?/gi;

function literalNames(arg) {
  return [...arg.matchAll(/['"]([a-z_][a-z0-9_]*)(?:\s+as\s+[a-z_0-9]+)?['"]/gi)].map((m) => m[1]);
}

/** @returns {{ hasSql: boolean, tables: Map<string, number[]> }} table -> lines naming it */
export function sqlNames(source, knownTables) {
  const tables = new Map();
  let hasSql = false;
  const lineOf = (index) => source.slice(0, index).split('\n').length;
  const add = (name, index) => {
    if (!knownTables.has(name)) return;
    const lines = tables.get(name) ?? [];
    lines.push(lineOf(index));
    tables.set(name, lines);
  };
  for (const m of source.matchAll(BUILDER)) {
    hasSql = true;
    for (const name of literalNames(m[1])) add(name, m.index);
  }
  for (const m of source.matchAll(TABLE_CALL)) {
    hasSql = true;
    add(m[1], m.index);
  }
  for (const m of source.matchAll(SQL_TEMPLATE)) {
    hasSql = true;
    const text = m[1].replace(/\$\{[^}]*\}/g, ' ');
    for (const t of text.matchAll(SQL_TABLE_WORD)) add(t[1].toLowerCase(), m.index + t.index);
  }
  return { hasSql, tables };
}
