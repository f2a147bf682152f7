// jsdom for component tests, plus Node's structuredClone (RJSF uses it; jsdom lacks it).
import { TestEnvironment } from 'jest-environment-jsdom';
import type { EnvironmentContext, JestEnvironmentConfig } from '@jest/environment';

export default class JsdomWithClone extends TestEnvironment {
  constructor(config: JestEnvironmentConfig, context: EnvironmentContext) {
    super(config, context);
    this.global.structuredClone = globalThis.structuredClone;
    // react-router reads TextEncoder at import; jsdom lacks it.
    this.global.TextEncoder = globalThis.TextEncoder;
    this.global.TextDecoder = globalThis.TextDecoder;
  }
}
