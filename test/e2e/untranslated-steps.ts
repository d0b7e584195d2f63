/** What the untranslated checks share: the Latin words on a page a person sees, and the ones kept on purpose. */
import type { Page } from '@playwright/test';

/** Latin words that stay as they are in Chinese text. */
export const keptWords = /^(IACR|IARC|US\$?|CNY|CST|UTC|PDF|MB|PowerPoint|ppt|pptx|JSON|CSV|ICD-O|TNM|QQ|ID|ORCID|Gmail|Beijing|BEIJING|English|E-mail|e-mail|www|org|com|iacr2024|[A-Z]|\d.*)$/;

export async function latinWords(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const element = node.parentElement;
      if (!element || element.closest('script, style, [hidden], [aria-hidden="true"]')) continue;
      const style = getComputedStyle(element);
      if (style.display === 'none' || style.visibility === 'hidden') continue;
      const text = node.textContent ?? '';
      // E-mail addresses and web addresses are not words.
      for (const word of text.replace(/\S+@\S+|https?:\/\/\S+/g, ' ').match(/[A-Za-z][A-Za-z$.-]*[A-Za-z$]|[A-Za-z]/g) ?? []) found.push(word);
    }
    return found;
  });
}
