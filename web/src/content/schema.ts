/**
 * The shape of every content file organisers edit (JSON under web/src/content/). Pages and the
 * generated PDFs render these; a unit test parses every file with these schemas, so a typo in a
 * content file fails the build instead of a page.
 *
 * Inline text supports a tiny, safe markup: `**bold**`, `[label](/path or https://...)`, and
 * placeholders in braces such as `{abstractDeadline}` that are filled from the conference config
 * (see web/src/features/content/placeholders.ts for the list).
 */
import * as z from 'zod';

const text = z.string().min(1);
const imagePath = z.string().regex(/^\/images\/[\w\-/]+\.(svg|png|jpg|webp)$/, 'an image under /images/');
const href = z.string().regex(/^(\/|https?:\/\/|mailto:)/, 'a site path, an http(s) address or mailto:');
/**
 * A value only the organisers can supply (a telephone number, a logo): empty until they do. The
 * site then shows nothing in its place, and `npm run build` lists it (web/src/content/missing.ts).
 */
const supplied = <T extends z.ZodString>(schema: T) => z.union([schema, z.literal('')]);

export const blockSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text, level: z.union([z.literal(2), z.literal(3)]).optional() }),
  z.object({ type: z.literal('paragraph'), text }),
  z.object({ type: z.literal('list'), items: z.array(text).min(1), ordered: z.boolean().optional() }),
  z.object({
    type: z.literal('table'),
    caption: text.optional(),
    columns: z.array(text).min(1),
    rows: z.array(z.array(z.string())).min(1),
  }),
  z.object({ type: z.literal('note'), title: text.optional(), text }),
  z.object({ type: z.literal('image'), src: imagePath, alt: z.string(), caption: text.optional() }),
  /** Two or more alternating image/text blocks (venue page). */
  z.object({
    type: z.literal('features'),
    items: z
      .array(z.object({ image: imagePath, alt: z.string(), heading: text, paragraphs: z.array(text).min(1) }))
      .min(1),
  }),
  /** A card a delegate shows to a taxi driver: the address in Chinese, large. */
  z.object({
    type: z.literal('taxi-card'),
    title: text,
    chinese: z.array(text).min(1),
    english: z.array(text).min(1),
  }),
  /** A fee table filled from the conference config (never typed into content). */
  z.object({ type: z.literal('fee-table'), source: z.enum(['registration2024', 'legacy2019', 'hotelRooms']) }),
  /** The refund policy of the 2024 orders, filled from the conference config (the one the server applies). */
  z.object({ type: z.literal('refund-policy') }),
  z.object({ type: z.literal('link-button'), label: text, href }),
]);
export type Block = z.infer<typeof blockSchema>;

export const pageSchema = z.object({
  title: text,
  /** One or two sentences under the title; also the page's meta description. */
  lead: text,
  blocks: z.array(blockSchema).min(1),
});
export type PageContent = z.infer<typeof pageSchema>;

export const homeSchema = z.object({
  hero: z.object({ title: text, subtitle: text, dates: text, place: text }),
  /** Partner logos in the banner carousel: 4 visible on desktop, 1 up to 768 px. */
  partners: z.array(z.object({ name: text, logo: supplied(imagePath), href: href.optional() })).min(4),
  /**
   * The 12 cards; a path beginning with http opens in a new window. `published_path`: where the
   * card leads once the programme is published (web/src/islands/programme-cards.ts), `path` until then.
   */
  cards: z
    .array(z.object({ title: text, description: text, path: href, published_path: href.optional(), icon: imagePath }))
    .length(12),
  instructions: z.object({ title: text, blocks: z.array(blockSchema).min(1) }),
});

export type HomeContent = z.infer<typeof homeSchema>;

export const siteSchema = z.object({
  name: text,
  shortName: text,
  /** Values used in page texts as placeholders (`{secretariatPhone}`); a text naming an empty one is not shown. */
  organiser: z.object({ secretariatPhone: supplied(text) }),
  header: z.object({
    scenicSpot: z.object({ label: text, href }),
    transportation: z.object({ label: text, href }),
    guide: z.object({ label: text, items: z.array(z.object({ label: text, href })).min(1) }),
  }),
  footer: z.object({
    institutions: z
      .array(
        z.object({
          name: text,
          role: text,
          address: z.array(text).min(1),
          phone: supplied(text),
          email: z.string().email(),
          website: href.optional(),
        }),
      )
      .length(2),
    presentersEnquiries: z.object({ label: text, email: z.string().email() }),
    contact: z.object({ label: text, href }),
    legalNotice: z.object({ label: text, href }),
    copyright: text,
  }),
});

export type SiteContent = z.infer<typeof siteSchema>;

export const pastCongressesSchema = z.object({
  title: text,
  lead: text,
  congresses: z
    .array(
      z.object({
        year: z.number().int().min(1984).max(2017),
        dates: text,
        title: text,
        subtitle: text,
        detail: text.optional(),
        link: href.optional(),
      }),
    )
    .length(13),
});

export type PastCongressesContent = z.infer<typeof pastCongressesSchema>;

export const committeesSchema = z.object({
  title: text,
  lead: text,
  committees: z
    .array(z.object({ id: z.string().regex(/^[a-z-]+$/), title: text, cover: imagePath, description: z.array(blockSchema).min(1) }))
    .length(5),
});

export type CommitteesContent = z.infer<typeof committeesSchema>;

export const hotelsSchema = z.object({
  title: text,
  lead: text,
  /** The hotel whose rooms are booked in the registration order (the room table): one of `hotels` by name. */
  registrationHotel: supplied(text),
  /** How the congress hotel is booked (through the registration order). */
  notes: z.array(text),
  /** How every other hotel is booked. */
  otherHotels: text,
  hotels: z
    .array(
      z.object({
        name: text,
        chineseName: text,
        stars: z.number().int().min(2).max(5),
        priceFromUsd: z.number().int().min(144).max(392),
        image: imagePath,
        address: text,
        distance: text,
        transport: z.array(text).min(1),
        contact: z.object({ phone: supplied(text), email: supplied(z.string().email()), website: supplied(href) }),
      }),
    )
    .length(6),
});

export type HotelsContent = z.infer<typeof hotelsSchema>;

/** A document rendered to /pdf/<file>.pdf at build time. */
export const pdfDocumentSchema = z.object({
  file: z.string().regex(/^[a-z0-9-]+\.pdf$/),
  title: text,
  subtitle: text.optional(),
  blocks: z.array(blockSchema).min(1),
});

export const programmeSchema = z.object({
  title: text,
  days: z
    .array(
      z.object({
        date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
        label: text,
        sessions: z
          .array(
            z.object({
              start: z.string().regex(/^\d{2}:\d{2}$/),
              end: z.string().regex(/^\d{2}:\d{2}$/),
              title: text,
              kind: z.enum(['plenary', 'parallel', 'workshop', 'poster', 'break', 'social', 'ceremony', 'visit']),
              room: text.optional(),
              chairs: text.optional(),
              talks: z.array(text).optional(),
            }),
          )
          .min(1),
      }),
    )
    .length(4),
});
export type PdfDocumentContent = z.infer<typeof pdfDocumentSchema>;
export type ProgrammeContent = z.infer<typeof programmeSchema>;
