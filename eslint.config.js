import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      'dist/**',
      'node_modules/**',
      'coverage/**',
      'src/admin/ui/assets/**',
      'src/client/admin-api.ts',
      '.doc-examples/**',
      'test/package/consumer/**',
      // Compiled by test/client/generated-sdk.test.ts, beside the SDKs it generates.
      'test/client/generated-sdk/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/require-await': 'off',
      // No hand-written file over 400 lines, blanks and comments counted (admin-api.ts is ignored).
      'max-lines': ['error', { max: 400, skipBlankLines: false, skipComments: false }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs', '**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // .dependency-cruiser.cjs: the layer rules, a CommonJS module as the tool expects.
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { module: 'writable' } },
  },
  {
    // The dashboard's hand-written browser modules (served as they are from ui/).
    files: ['ui/**/*.js'],
    languageOptions: {
      sourceType: 'module',
      globals: Object.fromEntries(
        [
          'window',
          'document',
          'navigator',
          'sessionStorage',
          'fetch',
          'URL',
          'URLSearchParams',
          'AbortController',
          'FormData',
          'Node',
          'setTimeout',
          'clearTimeout',
          'setInterval',
        ].map((name) => [name, 'readonly']),
      ),
    },
  },
);
