// jsdom for component tests, plus Node's structuredClone (RJSF uses it; jsdom lacks it).
const { TestEnvironment } = require('jest-environment-jsdom');

module.exports = class JsdomWithClone extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.structuredClone = structuredClone;
  }
};
