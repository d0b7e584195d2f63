import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const tableRule = {
  selector: "JSXOpeningElement > JSXMemberExpression[object.name='Table'][property.name='Root'], JSXOpeningElement > JSXIdentifier[name='table']",
  message: 'Render tables with ScrollTable (web/src/components/ui/scroll-table.tsx): a table must fit or visibly scroll on a phone.',
};

/**
 * Every text a person reads comes from the catalogs (issue 32, decision 0058): no words as JSX
 * text or in the attributes people read or hear, anywhere in the web app.
 */
const literalRules = [
  { selector: 'JSXText[value=/\\p{L}{2,}/u]', message: 'Text people read comes from the catalogs: t(id) (web/src/i18n/i18n.tsx, functions/core/i18n/catalogs).' },
  {
    selector: 'JSXAttribute[name.name=/^(aria-label|title|placeholder|alt|label|loadingText|description)$/] > Literal[value=/\\p{L}{2,}/u]',
    message: 'Text people read or hear comes from the catalogs: t(id).',
  },
];

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
    // Every table goes through ScrollTable, which fits it or makes it a region that says it scrolls;
    // every word comes from the catalogs.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/components/ui/scroll-table.tsx'],
    rules: { 'no-restricted-syntax': ['error', tableRule, ...literalRules] },
  },
  {
    // ScrollTable is the one table.
    files: ['web/src/components/ui/scroll-table.tsx'],
    rules: { 'no-restricted-syntax': ['error', ...literalRules] },
  },
  {
    // Embedded as is in the CloudFront Function: plain ES5 on purpose.
    files: ['infra/site/routing.ts'],
    rules: { 'no-var': 'off' },
  },
);
