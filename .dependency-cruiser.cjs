// The layers of lib/, lowest first (docs/architecture.md draws them). A module imports only from its
// own layer or the ones below — type imports included (the swc parser keeps them) — and never
// closes a circle, between files or between folders. Run by test/layers.test.ts in `npm test`.
const layers = [
  ['lib/(env|log|secrets|running-shop|process-alive|describe-error|overrides)\\.ts', 'lib/values/'],
  ['lib/db/', 'lib/iamport/', 'lib/provider/'],
  ['lib/http/'],
  ['lib/audit/', 'lib/rate-limit/'],
  ['lib/payments/'],
  ['lib/mail/', 'lib/consents/', 'lib/legal/'],
  ['lib/accounts/', 'lib/identity/'],
  ['lib/cards/'],
  ['lib/orders/'],
  ['lib/subscriptions/'],
  ['lib/webhooks/', 'lib/refunds/', 'lib/withdrawal/'],
  ['lib/reconciliation/'],
  ['lib/ops/', 'lib/mailroom/'],
  ['lib/routes/', 'lib/health/', 'lib/browser/', 'lib/(startup|wiring|imp-config)\\.ts'],
];
const anyOf = (paths) => `^(${paths.join('|')})`;

const upward = layers.slice(0, -1).map((layer, index) => ({
  name: `layer-${index}-imports-above`,
  comment: `${layer.join(', ')} may import only from its own layer or below`,
  severity: 'error',
  from: { path: anyOf(layer) },
  to: { path: anyOf(layers.slice(index + 1).flat()) },
}));

module.exports = {
  forbidden: [
    ...upward,
    {
      name: 'lib-file-outside-layers',
      comment: 'every module of lib/ belongs to a layer: add a new folder to the list above',
      severity: 'error',
      from: { path: '^lib/', pathNot: anyOf(layers.flat()) },
      to: {},
    },
    {
      name: 'no-circular',
      comment: 'no import circle between files, type imports included',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-folder-circular',
      comment: 'no circle between folders: each folder is one piece of one layer',
      severity: 'error',
      scope: 'folder',
      from: { path: '^(lib|emulator|mail-catcher)/' },
      to: { circular: true },
    },
    {
      name: 'past-a-public-face',
      comment: 'another folder of lib/ imports a domain only through its index.ts (server) or client.ts (client-safe)',
      severity: 'error',
      from: { path: '^lib/([^/]+)/' },
      to: { path: '^lib/([^/]+)/', pathNot: ['^lib/$1/', '^lib/[^/]+/(index|client)\\.ts$'] },
    },
    {
      name: 'past-a-public-face-from-lib-root',
      comment: 'a file at the root of lib/ imports a folder only through its index.ts or client.ts',
      severity: 'error',
      from: { path: '^lib/[^/]+\\.ts$' },
      to: { path: '^lib/[^/]+/', pathNot: '^lib/[^/]+/(index|client)\\.ts$' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(\\.test\\.tsx?$|^test/|^emulator/dist/)' },
    parser: 'swc',
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { extensions: ['.ts', '.tsx', '.js', '.mjs'] },
  },
};
