/** How the programme's pages write a time, a name in the page's language and a calendar link. */
import type { Lang } from '#core/i18n/lang';
import { routes } from '#core/routes';
import { cstParts } from '#core/time';

const pad = (n: number) => String(n).padStart(2, '0');

/** "09:30": an instant's time of day in Beijing. */
export const clock = (instant: string) => {
  const p = cstParts(instant);
  return `${pad(p.hour)}:${pad(p.minute)}`;
};

/** The Chinese name where the committee gave one on a Chinese page, else the English. */
export const inLang = (lang: Lang, en: string, zh: string | undefined) => (lang === 'zh-Hans' && zh ? zh : en);

/** The programme's calendar file (GET /programme/calendar): the whole feed, or one session's or one talk's event. */
export const calendarHref = (lang: Lang, one: { session?: string; talk?: string } = {}) => {
  const query = new URLSearchParams({ lang, ...(one.session ? { session: one.session } : {}), ...(one.talk ? { talk: one.talk } : {}) });
  return `/api/v1/admin${routes.getProgrammeCalendar.path}?${query.toString()}`;
};
