import js from '@eslint/js';
import tseslint from 'typescript-eslint';

const tableRule = {
  selector: "JSXOpeningElement > JSXMemberExpression[object.name='Table'][property.name='Root'], JSXOpeningElement > JSXIdentifier[name='table']",
  message: 'Render tables with ScrollTable (web/src/components/ui/scroll-table.tsx): a table must fit or visibly scroll on a phone.',
};

/**
 * Every text a person reads comes from the catalogs (issue 32, decision 0058): no words as JSX
 * text or in the attributes people read or hear, in the parts already in both languages. The
 * list grows as the rest moves into the catalogs; when it is everything, it becomes web/src/**.
 */
const inCatalogs = [
  'web/src/app/layout/**/*.tsx',
  'web/src/components/page.tsx',
  'web/src/components/smart-link.tsx',
  'web/src/features/home/**/*.tsx',
  'web/src/features/account/**/*.tsx',
  'web/src/components/form/**/*.tsx',
  'web/src/components/query-error.tsx',
  'web/src/components/upload/**/*.tsx',
  'web/src/components/content/**/*.tsx',
  'web/src/components/ui/**/*.tsx',
  'web/src/features/abstracts/**/*.tsx',
  'web/src/features/presentations/**/*.tsx',
  'web/src/features/registration/**/*.tsx',
  'web/src/features/registration-by-category/**/*.tsx',
  'web/src/features/congress/**/*.tsx',
  'web/src/features/travel/**/*.tsx',
  'web/src/features/errors/**/*.tsx',
  'web/src/features/documents/**/*.tsx',
  'web/src/features/review/**/*.tsx',
  'web/src/features/office/**/*.tsx',
];
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
    // Every table goes through ScrollTable, which fits it or makes it a region that says it scrolls.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/components/ui/scroll-table.tsx'],
    rules: { 'no-restricted-syntax': ['error', tableRule] },
  },
  {
    files: inCatalogs,
    // ScrollTable is the one table.
    ignores: ['web/src/components/ui/scroll-table.tsx'],
    rules: { 'no-restricted-syntax': ['error', tableRule, ...literalRules] },
  },
  {
    // Embedded as is in the CloudFront Function: plain ES5 on purpose.
    files: ['infra/site/routing.ts'],
    rules: { 'no-var': 'off' },
  },
);
