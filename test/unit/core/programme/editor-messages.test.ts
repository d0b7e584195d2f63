/**
 * The programme editor's texts (review-programme-editor.json, issue 33): every English text has its
 * Chinese, both are valid ICU with the same arguments, and the Chinese reads with no English word
 * left (its arguments filled with Chinese samples, every plural and select branch tried).
 */
import { describe, expect, it } from 'vitest';
import { TYPE, parse, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import en from '../../../../functions/core/i18n/catalogs/en/review-programme-editor.json' with { type: 'json' };
import zh from '../../../../functions/core/i18n/catalogs/zh-Hans/review-programme-editor.json' with { type: 'json' };
import type { MessageId } from '#core/i18n/messages';
import { localise } from '#core/i18n/server-messages';
import { text } from '#core/i18n/messages';
import { expectChinese } from '../chinese-text';

type Arg = { name: string; kind: 'plain' | 'number' | 'select'; options: string[] };
function argsOf(elements: MessageFormatElement[], out = new Map<string, Arg>()): Map<string, Arg> {
  for (const e of elements) {
    if (e.type === TYPE.argument)
      out.set(e.value, out.get(e.value) ?? { name: e.value, kind: 'plain', options: [] });
    if (e.type === TYPE.plural || e.type === TYPE.number)
      out.set(e.value, { name: e.value, kind: 'number', options: [] });
    if (e.type === TYPE.select)
      out.set(e.value, { name: e.value, kind: 'select', options: Object.keys(e.options) });
    if (e.type === TYPE.plural || e.type === TYPE.select)
      for (const o of Object.values(e.options)) argsOf(o.value, out);
  }
  return out;
}

const ids = Object.keys(en) as (keyof typeof en)[];

describe("the programme editor's texts", () => {
  it('has the same ids in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual([...ids].sort());
  });
  it.each(ids)('%s reads in Chinese with the same arguments', (id) => {
    const [enArgs, zhArgs] = [
      argsOf(parse(en[id], { ignoreTag: true })),
      argsOf(parse((zh as Record<string, string>)[id]!, { ignoreTag: true })),
    ];
    expect([...zhArgs.keys()].sort()).toEqual([...enArgs.keys()].sort());
    // Every branch: each count of 0, 1 and 2, each option of a select.
    const selects = [...zhArgs.values()].filter((a) => a.kind === 'select');
    const choices = selects.length ? selects[0]!.options : [''];
    for (const count of [0, 1, 2]) {
      for (const choice of choices) {
        const values: Record<string, string | number> = {};
        for (const a of zhArgs.values())
          values[a.name] =
            a.kind === 'number'
              ? count
              : a.kind === 'select'
                ? a === selects[0]
                  ? choice
                  : a.options[0]!
                : '甲';
        const zhText = localise('zh-Hans', text(id as MessageId, values));
        const enText = localise('en', text(id as MessageId, values));
        expect(enText).not.toMatch(/[{}]/);
        if (/^[\s↑↓–·{}\w]*$/.test(zhText.replace(/甲|\d/g, ''))) continue; // a mark or a time only (↑, "{start}–{end} · ")
        expectChinese(zhText);
      }
    }
  });
});
