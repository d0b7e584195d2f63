/**
 * The order form's fields as people read them (issue 29, item 16): one label per field, written
 * once (no page keeps its own copy), and stored codes as words.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { orderFieldLabels, orderFieldText } from '#core/orders/field-labels';
import { stepFields } from '#core/orders/form-fields';
import { balanceText } from '#core/office/orders';

const webSources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? webSources(path.join(dir, e.name)) : /\.tsx?$/.test(e.name) ? [path.join(dir, e.name)] : []));

describe('order field labels', () => {
  it('has a label for every field of steps 2 to 4', () => {
    for (const field of [...stepFields[2], ...stepFields[3], ...stepFields[4]]) expect(orderFieldLabels[field], field).toMatch(/\S/);
  });

  it("is the only place the order pages write them (the wizard, the correction form, the office's order and visa pages read it)", () => {
    const distinctive = Object.values(orderFieldLabels).filter((l) => l.length > 12);
    const orderPages = [...webSources('web/src/features/registration'), ...['order-page', 'visa-panel', 'visa-letters-page'].map((f) => `web/src/features/office/${f}.tsx`)];
    const copies = orderPages.flatMap((file) => {
      const text = fs.readFileSync(file, 'utf8');
      return distinctive.filter((l) => text.includes(`'${l}'`) || text.includes(`"${l}"`)).map((l) => `${file}: ${l}`);
    });
    expect(copies).toEqual([]);
  });

  it('shows codes as words: the rate, the visit, yes and no, a prefix, nothing given', () => {
    expect(orderFieldText('rate', 650)).toBe('Standard rate: US$650.00');
    expect(orderFieldText('rate', 250)).toBe('Local rate: US$250.00');
    expect(orderFieldText('post_conference_activities_attach', 0)).toBe('-');
    expect(orderFieldText('post_conference_activities_attach', 2)).toBe('Great Wall');
    expect(orderFieldText('hotel_book_required', 1)).toBe('Yes');
    expect(orderFieldText('visa_required', 0)).toBe('No');
    expect(orderFieldText('phone_number_prefix', '+86')).toBe('China +86');
    expect(orderFieldText('dietary_requirements', '')).toBe('None');
    expect(orderFieldText('front_page_of_the_passport', 'file-123')).toBe('Uploaded');
    expect(orderFieldText('check_in_date', '2024-11-03')).toBe('2024-11-03');
  });

  it("says an order's balance in words, never as a negative amount", () => {
    expect(balanceText(-65000)).toBe('US$650.00 still to pay');
    expect(balanceText(5000)).toBe('US$50.00 more than the order costs: to give back');
    expect(balanceText(0)).toBe('settled');
  });
});
