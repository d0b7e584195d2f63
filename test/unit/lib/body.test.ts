/**
 * The request body and query parser: every encoding the spec's client sends, and every hostile
 * shape (prototype keys, huge or sparse indices, deep nesting) refused without touching anything
 * outside the parsed value.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '#core/errors';
import { bodyLimits, bodyMessages, expandFields, parseBody, parseQuery } from '#lib/http/body';

const form = (text: string) => parseBody({ body: text, contentType: 'application/x-www-form-urlencoded' });
const json = (text: string) => parseBody({ body: text, contentType: 'application/json' });

function multipart(fields: [string, string][], file?: { name: string; filename: string; content: string }) {
  const boundary = '----WebKitFormBoundaryABC123';
  const parts = fields.map(([name, value]) => [`--${boundary}`, `Content-Disposition: form-data; name="${name}"`, '', value].join('\r\n'));
  if (file) {
    parts.push(
      [`--${boundary}`, `Content-Disposition: form-data; name="${file.name}"; filename="${file.filename}"`, 'Content-Type: image/png', '', file.content].join('\r\n'),
    );
  }
  const body = `${parts.join('\r\n')}\r\n--${boundary}--\r\n`;
  return parseBody({ body: Buffer.from(body).toString('base64'), isBase64Encoded: true, contentType: `multipart/form-data; boundary=${boundary}` });
}

async function refusal(promise: Promise<unknown> | (() => unknown)) {
  try {
    await (typeof promise === 'function' ? promise() : promise);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

const pristine = () => {
  expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  expect(({} as Record<string, unknown>).api_token).toBeUndefined();
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('polluted');
  expect(Object.getOwnPropertyNames(Object.prototype)).not.toContain('api_token');
};
afterEach(pristine);

describe('form bodies', () => {
  it('expands the bracket keys of forms into objects and arrays', async () => {
    const body = await form('authors%5B0%5D%5Bemail%5D=a%40x.org&authors%5B1%5D%5Bemail%5D=b%40x.org&agreements%5B%5D=1&agreements%5B%5D=2&title=T');
    expect(body).toEqual({ authors: [{ email: 'a@x.org' }, { email: 'b@x.org' }], agreements: ['1', '2'], title: 'T' });
    expect(Object.getPrototypeOf(body)).toBeNull();
    expect(Object.getPrototypeOf(body!.authors as object[][0])).toBe(Array.prototype);
    expect(Object.getPrototypeOf((body!.authors as object[])[0])).toBeNull();
  });

  it('takes entries of a list in any order when none is missing', async () => {
    expect(await form('a[1][x]=2&a[0][x]=1')).toEqual({ a: [{ x: '1' }, { x: '2' }] });
  });

  it('makes a list of a name given twice, as HTML forms do', async () => {
    expect(await form('tag=a&tag=b&tag=c')).toEqual({ tag: ['a', 'b', 'c'] });
  });

  it.each([
    ['__proto__[api_token]=stolen', '__proto__'],
    ['__proto__=x', '__proto__'],
    ['a[__proto__][polluted]=1', '__proto__'],
    ['constructor[prototype][polluted]=1', 'constructor'],
    ['a[constructor][prototype][polluted]=1', 'constructor'],
    ['a[0][__proto__][polluted]=1', '__proto__'],
    ['prototype=1', 'prototype'],
  ])('refuses %s with 422 and pollutes nothing', async (text, key) => {
    const error = await refusal(form(text));
    expect(error.kind).toBe('validation');
    expect(error.message).toBe(bodyMessages.forbiddenKey(key));
  });

  it('refuses an index above the cap instead of building a huge array', async () => {
    const error = await refusal(form('authors[20000000][email]=x'));
    expect(error.message).toBe(bodyMessages.indexTooLarge('authors[20000000][email]'));
    expect(await form(`a[${bodyLimits.maxIndex}]=x`).catch((e: AppError) => e.message)).toBe(bodyMessages.sparse('a'));
  });

  it('refuses lists with gaps', async () => {
    expect((await refusal(form('a[0]=x&a[5]=y'))).message).toBe(bodyMessages.sparse('a'));
    expect((await refusal(form('a[0][b][2]=y'))).message).toBe(bodyMessages.sparse('b'));
  });

  it('refuses a name used in two shapes', async () => {
    expect((await refusal(form('a=1&a[b]=2'))).message).toBe(bodyMessages.conflict('a'));
    expect((await refusal(form('a[0]=1&a[b]=2'))).message).toBe(bodyMessages.conflict('a'));
    expect((await refusal(form('a[b]=1&a=2'))).message).toBe(bodyMessages.conflict('a'));
    expect((await refusal(form('a[0]=1&a[0]=2'))).message).toBe(bodyMessages.conflict('a'));
  });

  it('bounds the depth of bracket keys and the number of fields', async () => {
    expect((await refusal(form(`a${'[b]'.repeat(bodyLimits.maxBracketDepth + 1)}=1`))).message).toBe(bodyMessages.tooDeep);
    const many = Array.from({ length: bodyLimits.maxFields + 1 }, (_, i) => `f${i}=1`).join('&');
    expect((await refusal(form(many))).message).toBe(bodyMessages.tooManyFields);
  });

  it('bounds lists built by appending', async () => {
    const many = Array.from({ length: bodyLimits.maxIndex + 2 }, () => 'a[]=1').join('&');
    expect((await refusal(form(many))).message).toBe(bodyMessages.indexTooLarge('a[]'));
  });

  it('keeps unmatched brackets as a plain name', async () => {
    expect(await form('a[b=1')).toEqual({ 'a[b': '1' });
  });
});

describe('multipart bodies', () => {
  it('reads fields and bracket keys', async () => {
    expect(await multipart([['name', 'Ada'], ['tags[]', 'a'], ['tags[]', 'b'], ['p[0][x]', '1']])).toEqual({ name: 'Ada', tags: ['a', 'b'], p: [{ x: '1' }] });
  });

  it('refuses prototype keys as field names', async () => {
    expect((await refusal(multipart([['__proto__[api_token]', 'x']]))).message).toBe(bodyMessages.forbiddenKey('__proto__'));
    expect((await refusal(multipart([['constructor[]', 'x']]))).message).toBe(bodyMessages.forbiddenKey('constructor'));
  });

  it('refuses file parts: files go straight to S3', async () => {
    expect((await refusal(multipart([['a', '1']], { name: 'file', filename: 'x.png', content: 'PNG' }))).message).toBe(bodyMessages.fileField);
  });

  it('answers 400 for a broken multipart body', async () => {
    const error = await refusal(parseBody({ body: 'not multipart', contentType: 'multipart/form-data' }));
    expect(error.kind).toBe('bad_request');
  });
});

describe('JSON bodies', () => {
  it('reads objects, and a body without a content type as JSON', async () => {
    expect(await json('{"a":1}')).toEqual({ a: 1 });
    expect(await parseBody({ body: '{"a":1}' })).toEqual({ a: 1 });
    expect(await parseBody({ body: '' })).toBeUndefined();
    expect(await parseBody({ body: undefined })).toBeUndefined();
  });

  it('refuses what is not a JSON object', async () => {
    for (const text of ['a=1&b', '[1,2]', '"x"', '1', 'null', '{"a":']) {
      expect((await refusal(parseBody({ body: text, contentType: 'text/plain' }))).message).toBe(bodyMessages.unreadable);
    }
  });

  it('refuses prototype keys at any depth', async () => {
    for (const text of ['{"__proto__":{"polluted":1}}', '{"a":[{"constructor":{"prototype":{"polluted":1}}}]}', '{"a":{"b":{"prototype":1}}}']) {
      expect((await refusal(json(text))).kind).toBe('validation');
    }
  });

  it('refuses deep nesting without exhausting the stack', async () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect((await refusal(json(`{"a":${deep}}`))).message).toBe(bodyMessages.tooDeep);
    expect(await json(`{"a":${'['.repeat(bodyLimits.maxJsonDepth - 1)}${']'.repeat(bodyLimits.maxJsonDepth - 1)}}`)).toBeTruthy();
  });

  it('refuses text with a lone surrogate (it could be stored but never mailed), and keeps real pairs', async () => {
    for (const text of ['{"title":"a\\ud800b"}', '{"a":["x\\udc00"]}', '{"\\ud83d":1}', '{"a":{"b":"\\udfff\\ud800"}}']) {
      expect((await refusal(json(text))).message).toBe(bodyMessages.notUnicode);
    }
    expect(await json('{"title":"\\ud83d\\ude00 \u80bf\u7624"}')).toEqual({ title: '\u{1F600} \u80bf\u7624' });
  });

  it('reads base64 bodies', async () => {
    expect(await parseBody({ body: Buffer.from('{"a":"é"}').toString('base64'), isBase64Encoded: true, contentType: 'application/json' })).toEqual({ a: 'é' });
  });
});

describe('query strings', () => {
  it('answers own fields on a null-prototype object', () => {
    const q = parseQuery({ api_token: 't', email: 'a@b.c' });
    expect(Object.getPrototypeOf(q)).toBeNull();
    expect(q).toEqual({ api_token: 't', email: 'a@b.c' });
    expect(parseQuery(undefined)).toEqual({});
  });

  it('refuses prototype names', () => {
    const query = JSON.parse('{"__proto__":"x"}') as Record<string, string>;
    expect(() => parseQuery(query)).toThrow(bodyMessages.forbiddenKey('__proto__'));
  });

  it('expandFields keeps the order of arrival', () => {
    expect(expandFields([['b', '1'], ['a', '2']])).toEqual({ b: '1', a: '2' });
  });
});
