// Lint: typescript-eslint's recommended rules, plus the determinism rule that no code outside
// tests may use Math.random (every random draw goes through the game's seeded Rng).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'results/', 'test-artifacts/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: 'readonly', console: 'readonly', setImmediate: 'readonly', URL: 'readonly' } },
    rules: {
      'no-restricted-properties': ['error', { object: 'Math', property: 'random', message: 'Use the game Rng: results must be reproducible from the seed.' }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  { files: ['test/**'], rules: { 'no-restricted-properties': 'off' } },
);
