/**
 * A trimmed Chakra system: the base config, the default tokens without the colour palettes the
 * site never uses and without dark-mode values (the site has no dark mode), and only the recipes
 * it uses. Creating the system runs in every SPA page before its first render: the full default
 * system costs about 20 Lighthouse points on mobile (toolchain notes), and these trims make
 * `createSystem` about 3.5 times faster again. Add a recipe here when a new
 * Chakra component is used, a palette to `palettes` when a new colour is (a unit test checks both).
 */
import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
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
import { tableScrollCss } from '../islands/table-scroll';

/** Colour palettes besides brand: the status colours of alerts, toasts and badges. */
export const palettes = ['gray', 'red', 'orange', 'green', 'blue'] as const;
/** Colours that are not palettes of shades (kept as they are). */
const plainColors = ['transparent', 'current', 'black', 'white', 'whiteAlpha', 'blackAlpha'];
/** Semantic colour groups that are not palettes. */
const semanticGroups = ['bg', 'fg', 'border'];

function pick<T extends Record<string, unknown>>(record: T, keys: readonly string[]): T {
  return Object.fromEntries(Object.entries(record).filter(([key]) => keys.includes(key))) as T;
}

/** `{ value: { _light: a, _dark: b } }` -> `{ value: a }`, everywhere in a token tree. */
function lightOnly<T>(node: T): T {
  if (!node || typeof node !== 'object') return node;
  const value = (node as { value?: unknown }).value;
  if (value && typeof value === 'object' && '_light' in value) return { ...node, value: (value as { _light: unknown })._light };
  return Object.fromEntries(Object.entries(node).map(([key, child]) => [key, lightOnly(child)])) as T;
}

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
          value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif',
        },
        body: {
          value: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", "PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", sans-serif',
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
    ...tableScrollCss,
    html: { colorPalette: 'brand', scrollBehavior: 'smooth' },
    // Chinese pages: the system's Chinese fonts first (never a web font from another host:
    // mainland networks block or slow them), so Latin letters in Chinese text match it.
    'html[lang="zh-Hans"]': {
      '--chakra-fonts-body': '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", system-ui, -apple-system, sans-serif',
      '--chakra-fonts-heading': '"PingFang SC", "Microsoft YaHei", "Noto Sans CJK SC", "Noto Sans SC", system-ui, -apple-system, sans-serif',
    },
    body: { bg: 'white', color: 'gray.900' },
    a: { textUnderlineOffset: '2px' },
    // A busy button (Chakra's `loading`) hides its text behind the spinner with `visibility:
    // hidden`, which also takes its name from screen readers: it is transparent instead, so the
    // button keeps its name and its size. (Global CSS is the base layer: important to win.)
    'button[data-loading] > span > span': { visibility: 'visible !important', color: 'transparent !important' },
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
    tokens: { ...tokens, colors: pick(tokens.colors!, [...plainColors, ...palettes]) },
    semanticTokens: lightOnly({ ...semanticTokens, colors: pick(semanticTokens.colors!, [...semanticGroups, ...palettes]) }),
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

let system: SystemContext | undefined;
const configs = [defaultBaseConfig, themeConfig, brand] as const;

/**
 * The site's system, created on first use: the SPA creates it with `createSiteSystem` before its
 * first render (web/src/main.tsx), not while its modules load.
 */
export function siteSystem(): SystemContext {
  system ??= createSystem(...configs);
  return system;
}

/** The client build's createSystem, which can also run as steps (vite.config.ts, chakra-browser-system). */
type SteppedCreateSystem = typeof createSystem & { steps?: (...args: Parameters<typeof createSystem>) => Generator<void, SystemContext> };

/**
 * Creates the site's system a step at a time (merging the configs, the token dictionary, the
 * rest), `between` in between: in one piece it was a long task of its own on a slow phone. Where
 * createSystem has no steps (pre-rendering, `npm run dev`), in one piece.
 */
export async function createSiteSystem(between: () => Promise<void>): Promise<SystemContext> {
  const steps = (createSystem as SteppedCreateSystem).steps;
  if (!system && steps) {
    const stepper = steps(...configs);
    for (let step = stepper.next(); ; step = stepper.next()) {
      if (step.done) {
        system = step.value;
        break;
      }
      await between();
    }
  }
  return siteSystem();
}
