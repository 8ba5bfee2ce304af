import fs from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/*
 * Feature boundaries: a file in api/src/features/<x>/ or web/src/features/<x>/ imports nothing from
 * another feature <y>. What several features need lives outside them: api/src/lib and
 * api/src/identity (the admin passwords, sessions, sign-in and second-factor core), web/src/lib and
 * web/src/components; the app layer (api/src/app.ts, web/src/app) wires features together, and
 * web/src/app hands one feature's values to another as props. Tests are exempt (see below).
 */
const API_FEATURES = 'api/src/features';
const WEB_FEATURES = 'web/src/features';

/**
 * The only feature modules other features (and api/src/identity) may import: each is a service that
 * many features call, not one feature's internals. Paths are relative to api/src/features.
 */
const API_SHARED_FEATURE_MODULES = [
  // The audit log: every admin action records to it in its own transaction; it has no routes of its own.
  'activity',
  // The e-mail outbox: features queue a message in the transaction that causes it.
  'email/queue-email.ts',
  // A request's history, written by submission, identity verification and review.
  'request-history/record-history.ts',
  // A request with its history and identity photos, read by staff review and by the holder's own portal.
  'request-history/read-request.ts',
  // A transfer's verification code and link: issued on submission, checked by verification, reissued by review.
  'portal-requests/verification-code.ts',
  // The shareholder portal's session guard, its Hono env and session type.
  'portal-auth/middleware.ts',
  'portal-auth/portal-sessions.ts',
  // The CSRF guard and its tokens.
  'csrf/require-csrf.ts',
  'csrf/csrf-tokens.ts',
  // The ledger's entry points for other features: the registry opens accounts on it (a class by name, an
  // opening balance); requests post to it.
  'ledger/issuers.ts',
  'ledger/opening-balance.ts',
  // What an account holds, for the registry, the portal and the request screens.
  'ledger/holdings.ts',
  // Request review posts an approved transfer through the ledger's own transfer, in the request's transaction.
  'ledger/post-transfer.ts',
  'ledger/effective-date.ts',
  'ledger/posting-errors.ts',
  'ledger/transaction-view.ts',
  // The dashboard's compliance panel counts open and aged record differences.
  'ledger/reconcile.ts',
  // A holder's lost-certificate report stops the certificate with the ledger's own stop placement; approval posts
  // the replacement with the ledger's own reissuance, in the request's transaction.
  'ledger/stop-orders.ts',
  'ledger/post-reissuance.ts',
  // The issuer portal reads the ledger through the staff's own readers, scoped to the issuer: the record-date list
  // (its pages and CSV columns) and the journal.
  'ledger/holders.ts',
  'ledger/ledger-queries.ts',
  // The OCF import posts a bundle's opening cap table through the ledger's own services, in its one transaction.
  'ledger/post-issuance.ts',
  'ledger/post-cancellation.ts',
  'ledger/post-authorized.ts',
  // Business days and the 17Ad-2 turnaround rule, counted alike on the staff dashboard and in the issuer portal.
  'request-review/business-time.ts',
  'request-review/turnaround.ts',
  // A holder's current delivery choice (electronic or paper), which the registry shows staff on the holder.
  'delivery-preferences/current-preferences.ts',
  // A transaction advice's PDF as its holder reads it: the portal serves it, staff print the paper ones.
  'portal-holdings/transaction-advice.ts',
  // The OCF bundle of one issuer: staff export any issuer's, an issuer's administrator its own.
  'ocf/ocf-export.ts',
  // The signed-in issuer user of an /api/issuer route, its activity-log actor and the administrator check.
  'issuer-portal/issuer-env.ts',
];

const featureDirs = (root) =>
  fs
    .readdirSync(new URL(root, import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);

const API_BOUNDARY_MESSAGE =
  'Features do not import each other. Move what both need to api/src/lib or api/src/identity, or import one of the shared feature modules listed in eslint.config.js (API_SHARED_FEATURE_MODULES).';
const WEB_BOUNDARY_MESSAGE =
  'Features do not import each other. Move what both need to web/src/lib or web/src/components, or hand it in as props from web/src/app (see app/routes/admin-area.tsx).';

const boundaryZones = [
  ...featureDirs(API_FEATURES).map((feature) => ({
    target: `./${API_FEATURES}/${feature}`,
    from: `./${API_FEATURES}`,
    except: [...new Set([`./${feature}`, ...API_SHARED_FEATURE_MODULES.map((module) => `./${module}`)])],
    message: API_BOUNDARY_MESSAGE,
  })),
  {
    target: './api/src/identity',
    from: `./${API_FEATURES}`,
    except: API_SHARED_FEATURE_MODULES.map((module) => `./${module}`),
    message:
      'api/src/identity is shared by the admin features: it imports only the shared feature modules listed in eslint.config.js (API_SHARED_FEATURE_MODULES).',
  },
  {
    target: './api/src/lib',
    from: `./${API_FEATURES}`,
    message: 'api/src/lib is shared by every feature: it imports none.',
  },
  ...featureDirs(WEB_FEATURES).map((feature) => ({
    target: `./${WEB_FEATURES}/${feature}`,
    from: `./${WEB_FEATURES}`,
    except: [`./${feature}`],
    message: WEB_BOUNDARY_MESSAGE,
  })),
  {
    target: ['./web/src/lib', './web/src/components', './web/src/hooks', './web/src/config'],
    from: `./${WEB_FEATURES}`,
    message: 'web/src/lib, components, hooks and config are shared by every feature: they import none.',
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      '.data/**',
      'test-results/**',
      'playwright-report/**',
      'db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // No import cycles anywhere (type-only imports are erased, so they do not count). The TypeScript
    // resolver resolves `@ledgerwell/shared/...` (workspace packages' exports) and extensionless
    // `.ts`/`.tsx` imports to source files, as tsc does.
    files: ['**/*.{ts,tsx,mts,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: 'tsconfig.json' })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    // The feature boundaries above (boundaryZones). Tests are exempt: they arrange state through any
    // feature (the demo registry, a session, an e-mail) to test their own.
    files: ['api/src/**/*.ts', 'web/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: boundaryZones }],
    },
  },
  {
    files: ['**/*.test.ts', 'tests/**/*.ts', 'api/src/test/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  {
    // Imports flow one way: shared → features → app. Features never import each other, and the
    // browser bundle never pulls in the database or the server.
    files: ['web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ledgerwell/db/*', '@ledgerwell/api/*'],
              message: 'The web app must not import server or database code.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['shared/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@ledgerwell/db/*', '@ledgerwell/api/*', 'node:*'],
              message: 'shared/ runs in the browser too: no server or Node imports.',
            },
          ],
        },
      ],
    },
  },
);
