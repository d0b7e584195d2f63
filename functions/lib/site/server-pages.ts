/**
 * Pages the server renders per request (decision 0072): a placed abstract's page, whose words are
 * known only once the programme is published, so the build cannot pre-render it. The page is the
 * SPA's own page rendered by the build's pre-rendering entry (dist/ssr, `npm run build`), filled
 * into the SPA's template of the same build, with the data in its query state: the browser paints
 * the text with the HTML and hydrates it without asking again. CloudFront keeps each answer as
 * long as the route says (infra/site/routing.ts `serverPageFor` maps the page's address to it).
 *
 * A function that renders pages (`ssr` in the route table) carries dist/ssr in its bundle under
 * `ssr/` (infra/cdk/bundling.ts); on Lambda it is read from there, locally from the project.
 */
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Lang } from '#core/i18n/lang';
import type { PublishedAbstract } from '#core/programme/abstract-pages';
import { fillPage, languageLinks, SSR_TEMPLATE_FILE, type RenderedPage } from './page-template';

export const SSR_DIR = 'ssr';

/** The build's pre-rendering entry: dist/ssr locally, `ssr/` beside the handler on Lambda. */
export function ssrDir(): string {
  const root = process.env.LAMBDA_TASK_ROOT;
  return root ? path.join(root, SSR_DIR) : path.resolve(import.meta.dirname, '../../../dist/ssr');
}

/** What the pre-rendering entry (web/src/entry-server.tsx) gives this module. */
interface Renderer {
  loadCatalogs(): Promise<void>;
  renderProgrammeAbstract(id: string, lang: Lang, entry: PublishedAbstract | null): Promise<RenderedPage & { url: string }>;
}

let loaded: Promise<{ renderer: Renderer; template: string }> | undefined;

/** Loaded once per process (a warm Lambda renders from memory); a failed load is tried again on the next request. */
function load() {
  loaded ??= (async () => {
    const dir = ssrDir();
    const template = fs.readFileSync(path.join(dir, SSR_TEMPLATE_FILE), 'utf8');
    const renderer = (await import(pathToFileURL(path.join(dir, 'entry-server.js')).href)) as Renderer;
    await renderer.loadCatalogs();
    return { renderer, template };
  })().catch((error: unknown) => {
    loaded = undefined;
    throw error;
  });
  return loaded;
}

/**
 * A placed abstract's page at `/program/abstracts/{id}` in `lang`, its canonical and language
 * links at `origin`; `entry` null for one the published programme does not hold (not indexed).
 */
export async function abstractPageHtml(id: string, lang: Lang, entry: PublishedAbstract | null, origin: string): Promise<string> {
  const { renderer, template } = await load();
  const page = await renderer.renderProgrammeAbstract(id, lang, entry);
  return fillPage(template, page, entry ? languageLinks(page.url, lang, origin) : '<meta name="robots" content="noindex">');
}
