import * as z from 'zod/mini';
import { languages } from './lang';

/** PUT /language { language: 'en' | 'zh-Hans' } */
export const languageSchema = z.object({ language: z.enum(languages, { message: 'Please choose English or Simplified Chinese.' }) });
