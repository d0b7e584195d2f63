/**
 * The abstract and upload messages the domain and the shared schemas raise in English (issue 32):
 * each is in the English catalog under an `api.` id, word for word, so the API (X-Language) and the
 * forms (useLocalise) find their Chinese. Several are built from the conference's limits: a change of
 * a limit fails here until the catalogs follow.
 */
import { describe, expect, it } from 'vitest';
import { en } from '#core/i18n/catalogs/en/index';
import { localise } from '#core/i18n/server-messages';
import { abstractMessages } from '#core/abstracts/schemas';
import { uploadMessages, uploadPurposeIds } from '#core/uploads/rules';
import { fileMessages, modificationsProhibited, pendingMessages } from '#core/uploads/uploads';
import { presignSchema, confirmSchema } from '#core/uploads/schemas';
import { uploadFailed } from '../../../web/src/components/upload/upload-file';
import { abstractCategories, submissionAgreements } from '#core/data/abstract-options';

const apiEnglish = new Set(Object.entries(en).filter(([id]) => id.startsWith('api.')).map(([, text]) => text));

describe('abstract and upload messages in the catalogs', () => {
  const messages = [
    ...Object.values(abstractMessages),
    ...uploadPurposeIds.flatMap((p) => Object.values(uploadMessages(p))),
    ...Object.values(pendingMessages),
    ...Object.values(fileMessages),
    modificationsProhibited,
    uploadFailed,
    `${uploadFailed} Please check your connection.`,
  ];
  it('hold every message word for word under an api. id', () => {
    for (const m of messages) expect(apiEnglish.has(m), m).toBe(true);
  });
  it('give each one in Chinese', () => {
    for (const m of messages) expect(localise('zh-Hans', m), m).not.toBe(m);
  });
  it('hold the upload schemas’ own messages', () => {
    const errors = [
      presignSchema.safeParse({}).error?.issues.map((i) => i.message),
      presignSchema.safeParse({ purpose: 'poster', file_name: '', size: 1.5 }).error?.issues.map((i) => i.message),
      presignSchema.safeParse({ purpose: 'poster', file_name: 'x'.repeat(300), size: 1 }).error?.issues.map((i) => i.message),
      confirmSchema.safeParse({}).error?.issues.map((i) => i.message),
    ].flat();
    expect(errors.length).toBeGreaterThan(4);
    for (const m of errors) expect(apiEnglish.has(m!), m).toBe(true);
  });
});

describe('the abstract form’s choices in the catalogs', () => {
  const catalog = en as Record<string, string>;
  it('name every category group, category and agreement with its English label (the value stays the stored one)', () => {
    for (const group of abstractCategories) {
      expect(catalog[`abstracts.category.${group.value}`], group.value).toBe(group.label);
      for (const c of group.children) expect(catalog[`abstracts.category.${c.value}`], c.value).toBe(c.label);
    }
    for (const a of submissionAgreements) expect(catalog[`abstracts.agreement.${a.value}`], a.value).toBe(a.label);
  });
});
