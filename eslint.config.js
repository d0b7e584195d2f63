import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules', 'dist', 'cdk.out', '.data', 'web/public', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module' },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': 'off',
    },
  },
  {
    // Every table goes through ScrollTable, which fits it or makes it a region that says it scrolls.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/components/ui/scroll-table.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXOpeningElement > JSXMemberExpression[object.name='Table'][property.name='Root'], JSXOpeningElement > JSXIdentifier[name='table']",
          message: 'Render tables with ScrollTable (web/src/components/ui/scroll-table.tsx): a table must fit or visibly scroll on a phone.',
        },
      ],
    },
  },
  {
    // Embedded as is in the CloudFront Function: plain ES5 on purpose.
    files: ['infra/site/routing.ts'],
    rules: { 'no-var': 'off' },
  },
);
