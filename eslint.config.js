import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import noCrossFeatureImports from './eslint/no-cross-feature-imports.js';

export default tseslint.config(
  { ignores: ['dist', 'dev-dist', 'var', 'node_modules', 'test-results', 'playwright-report', 'server/db/migrations'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, deckhand: { rules: { 'no-cross-feature-imports': noCrossFeatureImports } } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'deckhand/no-cross-feature-imports': 'error',
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Use src/lib/api-client.ts: it is the only fetch.' }],
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
        { patterns: [{ group: ['react', 'react-*', 'dexie', 'dexie-*', 'firebase', 'firebase/*', 'node:*', '@/*', '!@/domain/*'], message: 'domain/ is pure: it imports nothing from React, Dexie, Firebase or Node.' }] },
      ],
    },
  },
);
