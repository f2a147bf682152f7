// req.query reads every query string as Express's extended parser (qs) does: the short way for
// flat strings gives the same object, and anything else is left to qs (query-parser.ts).
import express from 'express';
import request from 'supertest';
import { withTestApp } from '../helpers/test-app';
import { flatFirst } from '../../server/http/query-parser';
import type { QueryParser } from '../../server/http/query-parser';

const extended = express().set('query parser', 'extended').get('query parser fn') as QueryParser;
const parse = flatFirst(extended);

it.each([
  'limit=20',
  'limit=20&sort=-price&page=2',
  'query=%7B%22title%22%3A%7B%22%24regex%22%3A%22lamp%22%7D%7D',
  'q=a+b+c',
  'q=%E2%82%AC%20%2B',
  'q=%E0%A4%A',
  'q=(a)!*%27',
  'flag',
  'flag=',
  'a=1&a=2',
  'a[b]=1',
  'a%5Bb%5D=1&c=2',
  'q=%5B1%5D',
  'q=a%5D=b',
  'a.b=1',
  '__proto__=x',
  'constructor=x&hasOwnProperty=y',
  'a=1&&b=2',
  '?a=1',
  'a=1&b=2&c=3&d=4&e=5&f=6&g=7&h=8&i=9&j=10&k=11&l=12&m=13&n=14&o=15&p=16&q=17&r=18&s=19&t=20&u=21',
  '',
])('reads %j as qs does', (text) => {
  expect(parse(text)).toStrictEqual(extended(text));
});

it.each([
  ['=x&b=2', { b: '2', '': '' }],
  ['=', { '': '' }],
  ['a=1&=&c=3', { a: '1', c: '3', '': '' }],
])('keeps a part with no name in %j under \'\' (qs drops it), so the validator refuses it as unknown', (text, read) => {
  expect(parse(text)).toStrictEqual(read);
});

describe('over HTTP', () => {
  const t = withTestApp();

  it.each(['/api/health?=x', '/api/health?a=1&=x'])('refuses %s as an unknown parameter rather than answering as if it had none', async (path) => {
    const res = await request(t.app).get(path);
    expect([res.status, res.body.message]).toEqual([400, expect.stringMatching(/Unknown query parameter/)]);
  });

  it('answers the same call with no nameless part', async () => {
    await request(t.app).get('/api/health').expect(200);
  });
});
