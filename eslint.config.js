import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

import noCrossFeatureImports from './eslint/no-cross-feature-imports.js';

/** The client's lower layers: they serve features and the app shell, and never import them. */
const LOWER_LAYERS = ['./src/domain', './src/ui', './src/data', './src/sync', './src/lib'];

export default tseslint.config(
  {
    ignores: [
      'dist',
      'dist-ssr',
      'dev-dist',
      'var',
      'node_modules',
      'test-results',
      'playwright-report',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    // Layering (DESIGN.md): features and the app shell build on domain/ui/data/sync/lib, never the
    // other way round; the server shares only the pure domain with the client; and no module reaches
    // itself through its imports (a cycle makes load order matter and hides a missing layer).
    files: ['src/**/*.{ts,tsx}', 'server/**/*.ts', 'sw/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['tsconfig.json', 'server/tsconfig.json', 'sw/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: LOWER_LAYERS,
              from: ['./src/features', './src/app'],
              message: 'Lower layers (domain, ui, data, sync, lib) never import features or the app shell.',
            },
            {
              target: './src/sync',
              from: './src/data',
              message:
                "The sync engine knows no resource and imports nothing from src/data: the data layer hands it the device's database (any Dexie database with the outbox table, src/sync/sync-database.ts) and its pulls, messages and write outcomes (src/data/sync-plan.ts).",
            },
            {
              target: './src/ui',
              from: './src/sync',
              message:
                'UI widgets get their data through props or a hook in src/data or src/lib, never from the sync engine.',
            },
            {
              target: './server',
              from: './src',
              except: ['./domain'],
              message: 'The server imports only src/domain from the client.',
            },
            {
              target: './server/http',
              from: './server/auth',
              message:
                "server/http is below server/auth (sessions and roles build on its errors and hooks): take what you need from auth as a dependency (see registerIdempotency's callerId).",
            },
          ],
        },
      ],
    },
  },
  {
    // One clock: terminal wall-clock time is formatted only in src/domain/time.ts, which the server
    // points at its pinned tz database; Node's own Intl zone data is older than the browsers'.
    files: ['server/**/*.ts', 'src/domain/**/*.ts'],
    ignores: ['src/domain/time.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "NewExpression[callee.object.name='Intl'][callee.property.name='DateTimeFormat']",
          message: 'Format terminal time with formatClock / formatTerminalTime from src/domain/time.ts (one clock).',
        },
        {
          selector: 'CallExpression[callee.property.name=/^toLocale(Date|Time)String$/]',
          message: 'Format terminal time with formatClock / formatTerminalTime from src/domain/time.ts (one clock).',
        },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, deckhand: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'deckhand/no-cross-feature-imports': 'error',
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Use src/lib/api-client.ts: it is the only fetch.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['firebase', 'firebase/*'], message: 'Only src/lib/firebase.ts imports firebase.' },
            {
              group: ['sonner'],
              message: "Import toast from '@/lib/toast': it mounts the Toaster when the toast library loads.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src/lib/toast.ts', 'src/lib/toaster-mount.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['firebase', 'firebase/*'], message: 'Only src/lib/firebase.ts imports firebase.' }] },
      ],
    },
  },
  {
    files: ['src/lib/api-client.ts'],
    rules: { 'no-restricted-globals': 'off' },
  },
  {
    files: ['src/lib/firebase.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['src/domain/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['react', 'react-*', 'dexie', 'dexie-*', 'firebase', 'firebase/*', 'node:*', '@/*', '!@/domain/*'],
              message: 'domain/ is pure: it imports nothing from React, Dexie, Firebase or Node.',
            },
          ],
        },
      ],
    },
  },
);
