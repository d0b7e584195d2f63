/**
 * A trimmed Chakra system: the base config, the default tokens, and only the recipes this site
 * uses. The full default system costs about 20 Lighthouse points on mobile (toolchain notes);
 * add a recipe here when a new Chakra component is used.
 */
import { createSystem, defaultBaseConfig, defineConfig, mergeConfigs } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breakpoints,
  buttonRecipe,
  cardSlotRecipe,
  checkboxSlotRecipe,
  containerRecipe,
  dataListSlotRecipe,
  dialogSlotRecipe,
  fieldSlotRecipe,
  fieldsetSlotRecipe,
  globalCss,
  headingRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  listSlotRecipe,
  menuSlotRecipe,
  nativeSelectSlotRecipe,
  progressSlotRecipe,
  radioGroupSlotRecipe,
  semanticTokens,
  separatorRecipe,
  skeletonRecipe,
  skipNavLinkRecipe,
  spinnerRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
  toastSlotRecipe,
  tokens,
} from '@chakra-ui/react/theme';
import { sessionVisibilityCss } from '../components/ui/session-visibility';

const brand = defineConfig({
  theme: {
    tokens: {
      colors: {
        brand: {
          50: { value: '#e8f0f8' },
          100: { value: '#c7d9ec' },
          200: { value: '#9dbcdd' },
          300: { value: '#6b98c8' },
          400: { value: '#3c73b0' },
          500: { value: '#0b5394' },
          600: { value: '#0b467c' },
          700: { value: '#0b3d6e' },
          800: { value: '#08294a' },
          900: { value: '#051a30' },
          950: { value: '#030f1c' },
        },
      },
      fonts: {
        heading: {
          value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
        },
        body: {
          value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", sans-serif',
        },
      },
    },
    semanticTokens: {
      colors: {
        // The default red.500 error text fails WCAG AA contrast on white (axe, form with errors).
        fg: { error: { value: '{colors.red.700}' } },
        brand: {
          solid: { value: '{colors.brand.600}' },
          contrast: { value: 'white' },
          fg: { value: '{colors.brand.700}' },
          muted: { value: '{colors.brand.100}' },
          subtle: { value: '{colors.brand.50}' },
          emphasized: { value: '{colors.brand.200}' },
          focusRing: { value: '{colors.brand.500}' },
        },
      },
    },
  },
  globalCss: {
    ...sessionVisibilityCss,
    html: { colorPalette: 'brand', scrollBehavior: 'smooth' },
    body: { bg: 'white', color: 'gray.900' },
    a: { textUnderlineOffset: '2px' },
  },
});

const themeConfig = defineConfig({
  preflight: true,
  cssVarsPrefix: 'chakra',
  cssVarsRoot: ':where(html, .chakra-theme)',
  globalCss,
  theme: {
    breakpoints,
    keyframes,
    tokens,
    semanticTokens,
    textStyles,
    layerStyles,
    animationStyles,
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      input: inputRecipe,
      link: linkRecipe,
      separator: separatorRecipe,
      skeleton: skeletonRecipe,
      skipNavLink: skipNavLinkRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      card: cardSlotRecipe,
      checkbox: checkboxSlotRecipe,
      dataList: dataListSlotRecipe,
      dialog: dialogSlotRecipe,
      field: fieldSlotRecipe,
      fieldset: fieldsetSlotRecipe,
      list: listSlotRecipe,
      menu: menuSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      progress: progressSlotRecipe,
      radioGroup: radioGroupSlotRecipe,
      table: tableSlotRecipe,
      toast: toastSlotRecipe,
    },
  },
});

export const system = createSystem(mergeConfigs(defaultBaseConfig, themeConfig, brand));
