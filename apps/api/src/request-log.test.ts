// The one line each request leaves in the log.
import type { InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../test/test-app';

type Line = {
  level: number;
  msg: string;
  reqId?: string;
  req?: { url?: string };
  res?: { statusCode?: number };
};
const DEBUG = 20;
const INFO = 30;

let t: TestApp;
let lines: Line[] = [];

beforeAll(async () => {
  t = await buildTestApp({
    env: { LOG_LEVEL: 'debug' },
    logStream: { write: (line) => void lines.push(JSON.parse(line) as Line) },
  });
});
afterAll(() => t.close());

async function linesOf(inject: InjectOptions) {
  lines = [];
  const res = await t.app.inject(inject);
  await new Promise((r) => setImmediate(r));
  return {
    res,
    requestLines: lines.filter(
      (l) => l.msg === 'request completed' || l.msg === 'incoming request',
    ),
  };
}

describe('request log', () => {
  it('writes one line per request, with its id, URL and status; a quick successful read at debug', async () => {
    const { res, requestLines } = await linesOf({ url: '/api/health' });
    expect(requestLines).toHaveLength(1);
    expect(requestLines[0]).toMatchObject({
      level: DEBUG,
      msg: 'request completed',
      reqId: res.headers['x-request-id'],
      req: { url: '/api/health' },
      res: { statusCode: 200 },
    });
  });

  it('writes refusals and writes at info', async () => {
    const refused = await linesOf({ url: '/api/auth/me_verify', method: 'POST' });
    expect(refused.requestLines).toEqual([
      expect.objectContaining({ level: INFO, res: { statusCode: 401 } }),
    ]);
    const write = await linesOf({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'nadie@example.com' },
    });
    expect(write.requestLines).toEqual([
      expect.objectContaining({
        level: INFO,
        req: expect.objectContaining({ url: '/api/auth/forgot-password' }),
      }),
    ]);
  });
});
