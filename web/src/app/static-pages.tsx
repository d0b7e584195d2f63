/**
 * The public information pages, rendered to complete HTML at build time (scripts/build-web.ts).
 * They ship no React to the browser: the few interactive parts are islands (web/src/islands).
 * Content pages are their content file plus the shared ContentPage renderer.
 */
import type { ComponentType } from 'react';
import { paths } from '../config/paths';
import type { PageContent } from '../content/schema';
import { ContentPage } from '../components/content/content-page';
import about from '../content/pages/about.json';
import abstractLate from '../content/pages/abstract-late.json';
import contact from '../content/pages/contact.json';
import info from '../content/pages/info.json';
import introduction from '../content/pages/introduction.json';
import legalNotice from '../content/pages/legal-notice.json';
import news from '../content/pages/news.json';
import venue from '../content/pages/venue.json';
import welcome from '../content/pages/welcome.json';
import AbstractGuidelinesPage from '../features/abstracts/abstract-guidelines-page';
import CommitteesPage from '../features/congress/committees-page';
import PastCongressesPage from '../features/congress/past-congresses-page';
import HomePage from '../features/home/home-page';
import RegisterInstructionPage from '../features/registration/register-instruction-page';
import HotelsPage from '../features/travel/hotels-page';

const contentPage = (content: unknown) => () => <ContentPage content={content as PageContent} />;

export const staticPages: Record<string, ComponentType> = {
  [paths.home]: HomePage,
  [paths.congressInfo]: contentPage(info),
  [paths.venue]: contentPage(venue),
  [paths.introduction]: contentPage(introduction),
  [paths.welcome]: contentPage(welcome),
  [paths.news]: contentPage(news),
  [paths.contact]: contentPage(contact),
  [paths.legalNotice]: contentPage(legalNotice),
  [paths.about]: contentPage(about),
  [paths.abstractLate]: contentPage(abstractLate),
  [paths.past]: PastCongressesPage,
  [paths.committees]: CommitteesPage,
  [paths.hotels]: HotelsPage,
  [paths.abstractSubmission]: AbstractGuidelinesPage,
  [paths.registerInstruction]: RegisterInstructionPage,
};

/** The not-found page as a static file (/404.html, answered with status 404); the SPA loads it lazily too. */
export const loadNotFoundPage = async (): Promise<ComponentType> => (await import('../features/errors/not-found-page')).default;
