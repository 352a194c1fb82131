/**
 * `own-lines/max-own-lines`: no function longer than `max` lines of its own.
 *
 * ESLint's `max-lines-per-function` counts a nested function's lines inside the one that holds it,
 * so a component made of small named callbacks fails as if it were one long body, while a long
 * body split into nested pieces never passes. Here each function is a unit of its own: the lines
 * of a function nested in it (callbacks, effects, handlers, methods) are taken out of its count and
 * measured apart.
 *
 * Lines are counted the way `max-lines-per-function` counts them with `skipBlankLines` and
 * `skipComments`: every line from the function's first to its last, less blank lines and lines that
 * hold only a comment. A method (`foo() {}`, getters, setters) starts at its key, as there.
 * A nested function takes out every line it spans, the one it starts on and the one it ends on too.
 * An immediately invoked function is not a unit: it runs in place, so its lines stay its holder's.
 */

/** @param {import('estree').Node & { parent?: any }} node */
function isIIFE(node) {
  return (node.type === 'FunctionExpression' || node.type === 'ArrowFunctionExpression') && node.parent?.type === 'CallExpression' && node.parent.callee === node;
}

/** The node whose lines are the function's: a method's key and body, as `max-lines-per-function` has it. */
function spanOf(node) {
  const parent = node.parent;
  if (parent && parent.value === node) {
    if (parent.type === 'MethodDefinition') return parent;
    if (parent.type === 'Property' && (parent.method || parent.kind === 'get' || parent.kind === 'set')) return parent;
  }
  return node;
}

function nameOf(node) {
  const span = spanOf(node);
  if (span !== node && span.key) return `Method '${span.key.name ?? span.key.value ?? '…'}'`;
  if (node.id?.name) return `Function '${node.id.name}'`;
  const parent = node.parent;
  if (parent?.type === 'VariableDeclarator' && parent.id.type === 'Identifier') return `Function '${parent.id.name}'`;
  if ((parent?.type === 'Property' || parent?.type === 'PropertyDefinition') && parent.key?.type === 'Identifier') return `Function '${parent.key.name}'`;
  if (parent?.type === 'CallExpression' && parent.callee.type === 'Identifier') return `Function passed to '${parent.callee.name}'`;
  if (parent?.type === 'CallExpression' && parent.callee.type === 'MemberExpression' && parent.callee.property.type === 'Identifier') return `Function passed to '${parent.callee.property.name}'`;
  return 'Anonymous function';
}

/** @type {import('eslint').Rule.RuleModule} */
export const maxOwnLines = {
  meta: {
    type: 'suggestion',
    docs: { description: 'Enforce a maximum number of lines of code in a function, its nested functions measured apart' },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: { exceed: '{{name}} has {{count}} lines of its own (nested functions apart). Maximum allowed is {{max}}.' },
  },
  create(context) {
    const max = context.options[0]?.max ?? 100;
    const sourceCode = context.sourceCode;
    const lines = sourceCode.lines;
    const commentOnly = new Set();
    for (const comment of sourceCode.getAllComments()) {
      for (let line = comment.loc.start.line; line <= comment.loc.end.line; line++) {
        const text = lines[line - 1];
        const before = line === comment.loc.start.line ? text.slice(0, comment.loc.start.column) : '';
        const after = line === comment.loc.end.line ? text.slice(comment.loc.end.column) : '';
        // A line shared by a comment and code is code (two comments on one line are rare enough).
        if (!before.trim() && !after.trim()) commentOnly.add(line);
      }
    }
    const counts = (line) => !commentOnly.has(line) && !/^\s*$/u.test(lines[line - 1]);

    /** Functions being walked, innermost last; each with the lines its nested functions take out. */
    const stack = [];
    const enter = (node) => {
      if (isIIFE(node)) return;
      stack.push({ node, nested: new Set() });
    };
    const exit = (node) => {
      if (isIIFE(node)) return;
      const unit = stack.pop();
      const span = spanOf(node);
      let count = 0;
      for (let line = span.loc.start.line; line <= span.loc.end.line; line++) {
        if (counts(line) && !unit.nested.has(line)) count++;
      }
      const holder = stack[stack.length - 1];
      if (holder) for (let line = span.loc.start.line; line <= span.loc.end.line; line++) holder.nested.add(line);
      if (count > max) context.report({ node: span, messageId: 'exceed', data: { name: nameOf(node), count: String(count), max: String(max) } });
    };
    return {
      FunctionDeclaration: enter,
      FunctionExpression: enter,
      ArrowFunctionExpression: enter,
      'FunctionDeclaration:exit': exit,
      'FunctionExpression:exit': exit,
      'ArrowFunctionExpression:exit': exit,
    };
  },
};

/** The repository's own rules, as an ESLint plugin. */
export default { meta: { name: 'own-lines' }, rules: { 'max-own-lines': maxOwnLines } };
