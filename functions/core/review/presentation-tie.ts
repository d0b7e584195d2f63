/**
 * Which accepted abstract a poster or slides present (decision 0055): the rule the uploads apply
 * and the words the upload pages show (kept apart from the publication so a delegate's page
 * bundles only this).
 */
import type { StoredAbstract } from '../abstracts/ports';
import { invalid } from '../errors';
import { text } from '../i18n/messages';

type SlotType = 'oral' | 'poster';
/** An author's abstract as the poster and oral uploads see it. */
export type TieCandidate = Pick<StoredAbstract, 'id' | 'review_outcome'>;

const typeWords = (type: SlotType) => (type === 'oral' ? { as: 'an oral presentation', file: 'slides' } : { as: 'a poster', file: 'a poster' });
export const tieMessages = {
  choose: (type: SlotType) => `Please choose the abstract accepted as ${typeWords(type).as} that this file presents.`,
  notAccepted: (type: SlotType) => `This abstract was not accepted as ${typeWords(type).as}: you cannot upload ${typeWords(type).file} for it.`,
  noneAccepted: (type: SlotType) => `None of your abstracts was accepted as ${typeWords(type).as}, so there is nothing to upload here.`,
} as const;
/** The same by their catalog ids (presentations.json), in the reader's language. */
export const tieTexts = {
  choose: (type: SlotType) => text('api.uploads.tieChoose', { type }),
  notAccepted: (type: SlotType) => text('api.uploads.tieNotAccepted', { type }),
  noneAccepted: (type: SlotType) => text('api.uploads.tieNoneAccepted', { type }),
};

/**
 * Which accepted abstract a poster or slides present (decision 0055): once any of the author's
 * decisions is published, the file names one of their abstracts accepted as that type (a poster
 * for a rejected abstract is refused); before, as in the older flow, it names none.
 */
export function presentationTie(type: SlotType, abstracts: readonly TieCandidate[], abstractId: string | undefined): string | undefined {
  const accepted = abstracts.filter((a) => a.review_outcome?.outcome === type && a.review_outcome.number);
  if (abstractId) {
    if (accepted.some((a) => a.id === abstractId)) return abstractId;
    throw invalid(tieTexts.notAccepted(type), { abstract_id: tieTexts.notAccepted(type) });
  }
  if (!abstracts.some((a) => a.review_outcome)) return undefined;
  const message = accepted.length ? tieTexts.choose(type) : tieTexts.noneAccepted(type);
  throw invalid(message, { abstract_id: message });
}
