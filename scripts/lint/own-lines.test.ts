import { RuleTester } from 'eslint';
import { afterAll, describe, it } from 'vitest';
import { maxOwnLines } from './own-lines.mjs';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;
RuleTester.afterAll = afterAll;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

const statements = (count: number, indent = '  ') => Array.from({ length: count }, (_, i) => `${indent}total += ${i};`).join('\n');
/** A function of `1 + body lines + 1` lines. */
const fn = (name: string, body: string) => `function ${name}() {\n  let total = 0;\n${body}\n}`;

tester.run('max-own-lines', maxOwnLines, {
  valid: [
    // 100 lines: the opening, `let total`, 97 statements, the closing.
    { code: fn('hundred', statements(97)), options: [{ max: 100 }] },
    // 101 lines, 6 of them a nested function's: 95 are the holder's own.
    { code: fn('holder', `${statements(92)}\n  function piece() {\n${statements(4, '    ')}\n  }`), options: [{ max: 100 }] },
    // Callbacks and methods are nested functions too (107 lines, 95 own).
    { code: fn('holder', `${statements(90)}\n  [1].forEach((n) => {\n${statements(4, '    ')}\n  });\n  const o = {\n    m() {\n${statements(4, '      ')}\n    },\n  };`), options: [{ max: 100 }] },
    // Blank lines and lines holding only a comment do not count.
    { code: fn('spaced', `${statements(97)}\n\n  // a comment\n  /*\n   * a block\n   */\n`), options: [{ max: 100 }] },
    // The limit is 100 unless told.
    { code: fn('hundred', statements(97)) },
  ],
  invalid: [
    {
      code: fn('long', statements(98)),
      options: [{ max: 100 }],
      errors: [{ message: "Function 'long' has 101 lines of its own (nested functions apart). Maximum allowed is 100." }],
    },
    // A line with code and a comment is code.
    {
      code: fn('commented', `${statements(97)}\n  total += 1; // counted`),
      errors: [{ message: "Function 'commented' has 101 lines of its own (nested functions apart). Maximum allowed is 100." }],
    },
    // A nested function over the limit is reported on its own, its holder not.
    {
      code: `function holder() {\n  const piece = () => {\n${statements(100, '    ')}\n  };\n  return piece;\n}`,
      options: [{ max: 100 }],
      errors: [{ message: "Function 'piece' has 102 lines of its own (nested functions apart). Maximum allowed is 100." }],
    },
    // An immediately invoked function runs in place: its lines are its holder's.
    {
      code: fn('withIIFE', `${statements(92)}\n  (() => {\n${statements(4, '    ')}\n  })();`),
      options: [{ max: 100 }],
      errors: [{ message: "Function 'withIIFE' has 101 lines of its own (nested functions apart). Maximum allowed is 100." }],
    },
  ],
});
