/**
 * The Simplified Chinese catalog: every id of the English one, in the same two parts (the API's
 * and the pages' texts, the mails').
 */
import type { en } from '../en/index';
import { zhHansMessages } from './messages';
import { zhHansMails } from './mails';

export { zhHansMessages, zhHansMails };
export const zhHans: Record<keyof typeof en, string> = { ...zhHansMessages, ...zhHansMails };
