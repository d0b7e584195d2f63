import type { RenderedPage } from '../web/src/entry-server';

/**
 * A page's HTML from the template (web/index.html, as built) and its rendered parts. The query
 * state is data, not script: the strict content security policy allows it.
 */
export function fillPage(template: string, page: RenderedPage): string {
  const state = page.state ? `<script type="application/json" id="__QUERY_STATE__">${page.state.replace(/</g, '\\u003c')}</script>` : '';
  return template.replace('<!--app-head-->', page.head).replace('<!--app-html-->', page.html).replace('<!--app-state-->', state);
}
