// jsdom with Node's fetch classes, for component tests that go through the generated fetch
// client (it builds a Request) with a fetch of their own standing in for the server. Node's
// Request takes only Node's AbortSignal, which TanStack Query then passes.
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';
import JsdomWithClone from './jsdom-environment';

export default class JsdomWithFetch extends JsdomWithClone {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    Object.assign(this.global, { Request, Response, Headers, AbortController, AbortSignal });
  }
}
