/** The country fields in Chinese: every name of the list has its Chinese name; values stay the list's English. */
import { describe, expect, it } from 'vitest';
import { countryRegions } from '#core/data/countries';
import zhNames from '../../../functions/core/data/countries.zh-Hans.json';
import { countryLabel, countryOptions } from '../../../web/src/i18n/countries';

describe('country names in Chinese', () => {
  it('names every country and region of the list in Chinese characters, and nothing else', () => {
    expect(Object.keys(zhNames).sort()).toEqual([...countryRegions].sort());
    for (const name of countryRegions) expect(countryLabel(name, 'zh-Hans'), name).toMatch(/^[\p{Script=Han}·（）]+$/u);
  });

  it("writes China's SARs and Taiwan as Chinese usage does", () => {
    expect(countryLabel('China', 'zh-Hans')).toBe('中国');
    expect(countryLabel('China, Hong Kong SAR', 'zh-Hans')).toBe('中国香港特别行政区');
    expect(countryLabel('China, Macao SAR', 'zh-Hans')).toBe('中国澳门特别行政区');
    expect(countryLabel('China, Taiwan', 'zh-Hans')).toBe('中国台湾');
  });

  it('keeps English labels and order; in Chinese the options are in pinyin order with Other last, values unchanged', () => {
    expect(countryOptions(countryRegions, 'en')).toEqual(countryRegions.map((c) => ({ value: c, label: c })));
    const zh = countryOptions(countryRegions, 'zh-Hans');
    expect(zh.map((o) => o.value).sort()).toEqual([...countryRegions].sort());
    expect(zh[0]).toEqual({ value: 'Albania', label: '阿尔巴尼亚' });
    expect(zh.at(-1)).toEqual({ value: 'Other', label: '其他' });
    const china = zh.findIndex((o) => o.value === 'China');
    expect(zh.findIndex((o) => o.value === 'Germany')).toBeLessThan(china); // 德国 (de) before 中国 (zhong)
  });

  it('lists the Chinese names in pinyin order in the file, Other last (the order the options take without a collator)', () => {
    const pinyin = new Intl.Collator('zh-Hans-u-co-pinyin');
    const names = Object.keys(zhNames) as (keyof typeof zhNames)[];
    const sorted = [...names].sort((a, b) => Number(a === 'Other') - Number(b === 'Other') || pinyin.compare(zhNames[a], zhNames[b]));
    expect(names).toEqual(sorted);
  });

  it('puts a name the file does not know just before Other', () => {
    expect(countryOptions(['Other', 'Atlantis', 'China'], 'zh-Hans').map((o) => o.value)).toEqual(['China', 'Atlantis', 'Other']);
  });

  it('shows a name not on the list as it is', () => {
    expect(countryLabel('Atlantis', 'zh-Hans')).toBe('Atlantis');
    expect(countryLabel('__proto__', 'zh-Hans')).toBe('__proto__');
  });
});
