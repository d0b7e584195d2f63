/** The message catalogs compiled for the web (scripts/vite-i18n.ts). */
declare module 'virtual:i18n-catalog/*' {
  import type { Catalog, MessageId } from '#core/i18n/messages';

  const catalog: Catalog;
  export default catalog;
  /** Ids of the API's messages by their English words (empty in English). */
  export const byEnglish: Record<string, MessageId>;
}
