import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { accountNameKeys, nameKeys, normaliseName, orderNamesOf, withNewOrderName } from '#core/accounts/name-key';
import { newUser } from '#core/accounts/model';
import { delegateRow } from '#core/office/delegates';
import { changedFields } from '#core/audit/audit';
import { routeList } from '#core/routes';
import { cstDayParts, decodeCursor, encodeCursor, normaliseActorFilter, parseDelegateSearch, searchMessages } from '#core/office/search';
import { AppError } from '#core/errors';

describe('the normalised name key', () => {
  it.each([
    ['  José   María ', 'jose maria'],
    ["O'Brien-Núñez", 'o brien nunez'],
    ['ZOË Østergård', 'zoe ostergard'],
    ['Łukasz Straße', 'lukasz strasse'],
    ['张 伟', '张伟'],
    ['欧阳 伟 Wei', '欧阳伟 wei'],
    ['Ｓｕｚｕｋｉ', 'suzuki'],
    ['---', ''],
  ])('%s -> %s', (text, key) => expect(normaliseName(text)).toBe(key));

  it('keys an account under given-family and family-given, none while the name is empty', () => {
    expect(nameKeys({ first_name: 'Ana', last_name: 'Silva' })).toEqual(['ana silva', 'silva ana']);
    expect(nameKeys({ first_name: '伟', last_name: '张' })).toEqual(['伟张', '张伟']);
    expect(nameKeys({ first_name: 'Ana', last_name: '' })).toEqual(['ana']);
    expect(nameKeys({ first_name: '', last_name: ' ' })).toEqual([]);
  });
});

describe('an account found by the names given in its orders', () => {
  const order = (first_name: string, last_name: string, created_at: string) => ({ first_name, last_name, created_at });

  it('keeps each order name once (however it is spelt), newest order first, without empty ones', () => {
    expect(
      orderNamesOf([order('Ana', 'Silva', '2024-07-01'), order(' Zhang ', 'Wei', '2024-08-01'), order('ANA', 'silva', '2024-09-01'), order('', ' ', '2024-10-01')]),
    ).toEqual([
      { first_name: 'ANA', last_name: 'silva' },
      { first_name: 'Zhang', last_name: 'Wei' },
    ]);
  });

  it('gives a new order\'s names from the names before it as orderNamesOf gives them over all the orders', () => {
    const orders = [order('Ana', 'Silva', '2024-07-01'), order('Zhang', 'Wei', '2024-08-01'), order('A', '1', '2024-08-02'), order('B', '2', '2024-08-03'), order('C', '3', '2024-08-04')];
    for (const next of [order('ana', 'SILVA', '2024-09-01'), order('New', 'Name', '2024-09-01'), order('', '', '2024-09-01')]) {
      expect(withNewOrderName(orderNamesOf(orders), next)).toEqual(orderNamesOf([...orders, next]));
    }
    expect(withNewOrderName([], order('Ana', 'Silva', '2024-09-01'))).toEqual([{ first_name: 'Ana', last_name: 'Silva' }]);
  });

  it('is found under its profile name and every order name, both ways round', () => {
    expect(accountNameKeys({ first_name: '', last_name: '', order_names: [{ first_name: 'Ana', last_name: 'Silva' }] })).toEqual(['ana silva', 'silva ana']);
    expect(accountNameKeys({ first_name: 'Ana', last_name: 'Silva', order_names: [{ first_name: 'Ana', last_name: 'Silva' }, { first_name: '伟', last_name: '张' }] })).toEqual([
      'ana silva',
      'silva ana',
      '伟张',
      '张伟',
    ]);
  });

  it('shows the profile name, else the newest order name (said so), else none', () => {
    const user = { ...newUser({ id: 'u', email: 'u@example.org', password_hash: 'x', now: new Date('2024-08-01T00:00:00Z') }) };
    expect(delegateRow(user)).toMatchObject({ name: '', name_source: null });
    const ordered = { ...user, order_names: [{ first_name: 'Ana', last_name: 'Silva' }, { first_name: 'Old', last_name: 'Name' }] };
    expect(delegateRow(ordered)).toMatchObject({ name: 'Ana Silva', name_source: 'order' });
    expect(delegateRow({ ...ordered, first_name: 'Ana Maria', last_name: 'Silva' })).toMatchObject({ name: 'Ana Maria Silva', name_source: 'profile' });
  });
});

describe('what the delegate search box accepts', () => {
  it('reads an address (it has an @) exactly, anything else as the start of a name, nothing as everyone', () => {
    expect(parseDelegateSearch(undefined)).toEqual({ kind: 'all' });
    expect(parseDelegateSearch('   ')).toEqual({ kind: 'all' });
    expect(parseDelegateSearch(' Wei.Zhang@Example.ORG ')).toEqual({ kind: 'email', email: 'wei.zhang@example.org' });
    expect(parseDelegateSearch('  Núñez  JO')).toEqual({ kind: 'name', prefix: 'nunez jo' });
    expect(parseDelegateSearch('张 伟')).toEqual({ kind: 'name', prefix: '张伟' });
  });

  it('refuses text with no letter or digit, saying what can be searched', () => {
    expect(() => parseDelegateSearch(' -- ')).toThrow(searchMessages.nameTooShort);
  });

  it('reads the actor filter as an address in any case, or as it is', () => {
    expect(normaliseActorFilter(' Office@Example.org ')).toBe('office@example.org');
    expect(normaliseActorFilter('stripe')).toBe('stripe');
    expect(normaliseActorFilter('  ')).toBeUndefined();
  });
});

describe('page links', () => {
  it('come back as they went out', () => {
    const at = { pk: 'USER#1', sk: 'PROFILE', gsi3sk: '2024-05-01T00:00:00.000Z#1' };
    expect(decodeCursor(encodeCursor(at), ['pk', 'sk', 'gsi3sk'])).toEqual(at);
    expect(decodeCursor(undefined, ['sk'])).toBeUndefined();
    expect(decodeCursor('', ['sk'])).toBeUndefined();
  });

  it.each([
    ['not base64 json', 'not-a-link'],
    ['an array', encodeCursor({}).replace(/.*/, Buffer.from('[1]').toString('base64url'))],
    ['another name', encodeCursor({ pk: 'x', gsi1pk: 'AUDITLOG#2024-01-01' })],
    ['a missing name', encodeCursor({ pk: 'x' })],
    ['an object value', Buffer.from(JSON.stringify({ pk: { S: 'x' }, sk: 'y' })).toString('base64url')],
    ['a long value', encodeCursor({ pk: 'x'.repeat(601), sk: 'y' })],
  ])('refuses %s', (_, cursor) => {
    expect(() => decodeCursor(cursor, ['pk', 'sk'])).toThrow(AppError);
    expect(() => decodeCursor(cursor, ['pk', 'sk'])).toThrow(searchMessages.badCursor);
  });
});

describe('a day of the log in China Standard Time', () => {
  it('is the end of its UTC day and the last eight hours of the one before, newest first', () => {
    expect(cstDayParts('2024-08-01')).toEqual([
      { partitionDay: '2024-08-01', before: '2024-08-01T16:00:00.000Z' },
      { partitionDay: '2024-07-31', from: '2024-07-31T16:00:00.000Z' },
    ]);
    expect(cstDayParts('2024-03-01')[1]!.partitionDay).toBe('2024-02-29');
    expect(() => cstDayParts('2024-13-45')).toThrow(searchMessages.badDay);
    expect(() => cstDayParts('yesterday')).toThrow(searchMessages.badDay);
  });
});

describe('audit values before and after', () => {
  it('are the changed fields only, never the omitted ones', () => {
    expect(changedFields({ a: 1, b: 'x', password_hash: 'h1', c: ['p'] }, { a: 1, b: 'y', password_hash: 'h2', c: ['p', 'q'], d: true }, ['password_hash'])).toEqual({
      before: { b: 'x', c: ['p'], d: null },
      after: { b: 'y', c: ['p', 'q'], d: true },
    });
  });
});

describe('the audit log routes', () => {
  it('only read: every office route under /office/audit is a GET with read grants, and no route at all deletes in the table but by its own access patterns', () => {
    const auditRoutes = routeList.filter((r) => r.path.startsWith('/office/audit'));
    expect(auditRoutes.map((r) => r.id).sort()).toEqual(['getAuditTrail', 'readAuditLog']);
    for (const r of auditRoutes) {
      expect(r.method).toBe('GET');
      expect(r.grants.every((g) => g === 'dynamodb:Query' || g === 'dynamodb:GetItem')).toBe(true);
    }
    const officeReads = ['listOfficeDelegates', 'getOfficeDelegate', 'listOfficeAbstracts', 'getOfficeAbstract'];
    for (const r of routeList.filter((x) => officeReads.includes(x.id))) {
      expect([r.id, r.grants.filter((g) => !['dynamodb:Query', 'dynamodb:GetItem', 's3:GetObject'].includes(g))]).toEqual([r.id, []]);
    }
  });

  it('the audit storage writes entries only as new items (a conditional Put) and has no update or delete', () => {
    const source = readFileSync('functions/storage/audit.ts', 'utf8');
    expect(source).not.toMatch(/DeleteCommand|UpdateCommand|PutCommand|\bDelete:|\bUpdate:/);
    expect(source).toContain("ConditionExpression: 'attribute_not_exists(pk)'");
  });
});
