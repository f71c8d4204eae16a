import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import rooms from './lint/rooms.js';

// Emitted files follow codegen's layout, not this style; only their imports are checked here.
const generated = 'src/generated/**';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'data', '.e2e-artifacts'] },
  { ignores: [generated], extends: [js.configs.recommended, ...tseslint.configs.strict] },
  {
    files: ['**/*.{ts,tsx,js}'],
    ignores: [generated],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    // Type-aware: a promise nobody awaits loses its failure, and one passed where a plain
    // callback is expected (an event handler, forEach) is never awaited either.
    files: ['**/*.{ts,tsx}'],
    ignores: [generated],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
    },
  },
  {
    files: ['**/*.{ts,tsx,js}'],
    languageOptions: { parser: tseslint.parser },
    plugins: { rooms },
    rules: { 'rooms/imports': 'error' },
  },
);
