// The session and compression middlewares are skipped on the beacon endpoints, which read no
// session and answer a few bytes nobody reads (a session id drawn and response hooks set on every
// event batch were a measurable share of it), and run everywhere else.
import type { Request, RequestHandler, Response } from 'express';
import { exceptBeacons } from '../../server/http/beacon-endpoints';

describe('exceptBeacons', () => {
  it.each([
    ['/api/v1/events', false],
    ['/api/v1/events/other', true],
    ['/api/v1/embed/some-widget', true],
    ['/integrations/developer/apps', true],
  ])('on %s runs the middleware: %s', (path, runs) => {
    const ran: string[] = [];
    const middleware: RequestHandler = (_req, _res, next) => {
      ran.push(path);
      next();
    };
    const next = jest.fn();
    exceptBeacons(middleware)({ path } as Request, {} as Response, next);
    expect(ran.length > 0).toBe(runs);
    expect(next).toHaveBeenCalledTimes(1);
  });
});
