/**
 * The import rules of the three source trees. The web client's layers, lowest first:
 * contract < lib < ui < state < features < app (entry files count as app). A file imports only
 * from its own layer or below. No cycle anywhere, type-only imports included.
 */
const WEB = '^apps/web/src/';
const layers = ['lib', 'ui', 'state', 'features', 'app'];
const above = (layer) => layers.slice(layers.indexOf(layer) + 1);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-cycle',
      comment: 'A cycle, of values or of types, is a knot a reader must untie: move the shared part down.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    ...layers.slice(0, -1).map((layer) => ({
      name: `web-${layer}-imports-upward`,
      comment: `apps/web/src/${layer}/ may import only from its own layer or below (${layers.slice(0, layers.indexOf(layer) + 1).join(' < ')}, contract).`,
      severity: 'error',
      from: { path: `${WEB}${layer}/` },
      to: { path: `${WEB}(${above(layer).join('|')})/|${WEB}[^/]+$` },
    })),
    {
      name: 'server-platform-imports-features',
      comment: 'platform/ and db/ serve every feature and import none: the app wires them together.',
      severity: 'error',
      from: { path: '^apps/server/src/(platform|db)/' },
      to: { path: '^apps/server/src/features/' },
    },
    {
      name: 'contract-imports-apps',
      comment: 'The contract is the bottom layer of both apps.',
      severity: 'error',
      from: { path: '^packages/contract/src/' },
      to: { path: '^apps/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
    moduleSystems: ['es6', 'cjs'],
  },
};
