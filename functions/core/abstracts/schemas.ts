/**
 * The abstract form (spec section 5), once: the handlers parse with it and the web form
 * validates with it, so the browser and the server refuse the same input with the same words.
 */
import * as z from 'zod/mini';
import { abstractLimits, uploadPurposes } from '../config/conference';
import { abstractCategories, submissionAgreements } from '../data/abstract-options';
import { uploadMessages } from '../uploads/rules';
import { countWords } from './words';

export const abstractMessages = {
  required: 'Please enter.',
  select: 'Please select.',
  email: 'Please enter the correct email.',
  titleWords: `Limited to ${abstractLimits.titleMaxWords} words.`,
  keywordsMin: `Please enter at least ${abstractLimits.keywordsMinWords} words.`,
  keywordsMax: `Limited to ${abstractLimits.keywordsMaxWords} words.`,
  bodyWords: `Limited to ${abstractLimits.bodyMaxWords} words.`,
  conflictChars: `Limited to ${abstractLimits.conflictOfInterestMaxChars} characters.`,
  date: 'Please enter a date as YYYY-MM-DD.',
  tooLong: 'This text is too long.',
  files: uploadMessages('abstract').tooMany,
  formInvalid: 'Please complete the form.',
  saved: 'Upload SUCCESS',
  deleted: 'The abstract has been deleted.',
  limit: `You can submit at most ${abstractLimits.maxAbstractsPerDelegate} abstracts.`,
  notFound: 'The abstract was not found.',
  fileNotFound: 'A file of this abstract was not found. Please remove it and upload it again.',
  changedElsewhere:
    'This abstract was changed in another window or on another device since you opened it. Your text is still here: copy what you need, then reload the page to see the saved version.',
} as const;

const text = (max: number, ...more: z.core.$ZodCheck<string>[]) =>
  z.string({ message: abstractMessages.required }).check(z.trim(), z.minLength(1, abstractMessages.required), z.maxLength(max, abstractMessages.tooLong), ...more);

/** Yes/No questions: booleans in JSON, 'yes'/'no' (or true/false, 1/0) from form-encoded bodies. */
function toBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true' || value === 'yes' || value === 'Yes' || value === '1' || value === 1) return true;
  if (value === false || value === 'false' || value === 'no' || value === 'No' || value === '0' || value === 0) return false;
  return undefined;
}
const yesNo = z.pipe(z.transform(toBoolean), z.boolean({ message: abstractMessages.select }));
const id = z.string().check(z.minLength(1), z.maxLength(64));

export const personSchema = z.object({
  last_name: text(100),
  first_name: text(100),
  email: z.pipe(
    z.string({ message: abstractMessages.email }).check(z.trim(), z.minLength(1, abstractMessages.email), z.maxLength(254, abstractMessages.email)),
    z.email({ message: abstractMessages.email }),
  ),
  institute: text(300),
  city: text(100),
  country: text(100),
});
export type PersonInput = z.input<typeof personSchema>;

export const categoryValues: readonly string[] = abstractCategories.flatMap((g) => g.children.map((c) => c.value));
export const agreementValues: readonly string[] = submissionAgreements.map((a) => a.value);

const isDay = (s: string) => /^\d{4}-\d{2}-\d{2}$/.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`)) && new Date(`${s}T00:00:00Z`).toISOString().startsWith(s);

const abstractObject = z
  .object({
    authors: z.array(personSchema, { message: abstractMessages.required }).check(z.minLength(1, abstractMessages.required), z.maxLength(50)),
    /** Whether the first author presents the abstract; when not, the presenters are given. */
    presenter_abstract: yesNo,
    presenter_infos: z._default(z.array(personSchema).check(z.maxLength(10)), []),
    title_of_abstract: text(
      500,
      z.refine((v: string) => countWords(v) <= abstractLimits.titleMaxWords, abstractMessages.titleWords),
    ),
    abstract_category: z.string({ message: abstractMessages.select }).check(z.refine((v) => categoryValues.includes(v), abstractMessages.select)),
    keywords: text(
      300,
      z.refine((v: string) => countWords(v) >= abstractLimits.keywordsMinWords, abstractMessages.keywordsMin),
      z.refine((v: string) => countWords(v) <= abstractLimits.keywordsMaxWords, abstractMessages.keywordsMax),
    ),
    abstract_body: text(6000, z.refine((v: string) => countWords(v) <= abstractLimits.bodyMaxWords, abstractMessages.bodyWords)),
    financial_support: yesNo,
    conference_iacr_fellowship: yesNo,
    conflict_of_interest_disclosure: z
      .string({ message: abstractMessages.required })
      .check(z.trim(), z.minLength(1, abstractMessages.required), z.maxLength(abstractLimits.conflictOfInterestMaxChars, abstractMessages.conflictChars)),
    /** Every agreement must be accepted (docs/decisions/0006-abstracts.md). */
    /** Each agreement once: no longer than the list of agreements, no repeats, no unknown ones. */
    agreements: z
      .array(z.string(), { message: abstractMessages.select })
      .check(
        z.refine(
          (v) => v.length === agreementValues.length && new Set(v).size === v.length && agreementValues.every((a) => v.includes(a)),
          abstractMessages.select,
        ),
      ),
    submitter_name: z._default(z.optional(z.string().check(z.trim(), z.maxLength(200))), ''),
    submitter_date: z
      .string({ message: abstractMessages.required })
      .check(z.trim(), z.minLength(1, abstractMessages.required), z.refine(isDay, abstractMessages.date)),
    /** The PDFs uploaded for this abstract: their ids (POST /upload answers them), or the files as answered. */
    upload_files: z._default(
      z
        .array(z.union([id, z.pipe(z.object({ id }), z.transform((f) => f.id))], { message: abstractMessages.fileNotFound }), {
          message: abstractMessages.fileNotFound,
        })
        .check(z.maxLength(uploadPurposes.abstract.maxCount, abstractMessages.files)),
      [],
    ),
  })
  .check(
    z.superRefine((value, ctx) => {
      if (value.presenter_abstract === false && value.presenter_infos.length === 0) {
        ctx.addIssue({ code: 'custom', path: ['presenter_infos'], message: abstractMessages.required });
      }
      if (new Set(value.upload_files).size !== value.upload_files.length) {
        ctx.addIssue({ code: 'custom', path: ['upload_files'], message: abstractMessages.fileNotFound });
      }
    }),
  );

/** Presenters are asked only when the first author does not present: otherwise whatever the form holds is ignored. */
export const abstractSchema = z.pipe(
  z.transform((raw: unknown) => {
    if (raw && typeof raw === 'object' && toBoolean((raw as { presenter_abstract?: unknown }).presenter_abstract) === true) {
      return { ...raw, presenter_infos: [] };
    }
    return raw;
  }),
  abstractObject,
);

export type AbstractInput = z.input<typeof abstractObject>;
export type AbstractData = z.output<typeof abstractSchema>;

export const abstractIdSchema = z.object({ id });

/** PUT /contribute/{id}?base_updated_at=...: the version the form was opened on (a save over a newer one is refused). */
export const updateQuerySchema = z.object({ base_updated_at: z.optional(z.string().check(z.maxLength(40))) });
