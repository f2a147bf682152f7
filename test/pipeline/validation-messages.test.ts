// The words of a validation failure, shared by the server's 400s and the forms.
import { fieldMessage } from '../../rules/validation-messages';

describe('fieldMessage', () => {
  it.each([
    ['required, by the missing key', { path: 'body', errorCode: 'required.openapi.validation', message: "must have required property 'fullName'" }, 'Full name is required'],
    ['required, by title', { path: 'username', errorCode: 'required', message: "must have required property 'username'", label: 'Email' }, 'Email is required'],
    ['an empty string', { path: 'name', errorCode: 'minLength', message: 'must NOT have fewer than 1 characters' }, 'Name is required'],
    ['too short', { path: 'password', errorCode: 'minLength.openapi.validation', message: 'must NOT have fewer than 6 characters' }, 'Password must be at least 6 characters'],
    ['too long', { path: 'fullName', errorCode: 'maxLength', message: 'must NOT have more than 120 characters' }, 'Full name must be at most 120 characters'],
    ['a nested field', { path: 'endpoints.authCallback', errorCode: 'format', message: 'must match format "uri"' }, 'Auth callback must be a valid URL'],
    ['an array element', { path: 'scopes.1', errorCode: 'enum', message: 'must be equal to one of the allowed values' }, 'Scopes item 2 must be one of the allowed values'],
    ['a decimal minimum', { path: 'refundAmount', errorCode: 'minimum', message: 'must be >= 0.01', label: 'Refund amount' }, 'Refund amount must be at least 0.01'],
    ['a query value', { path: 'query.page', errorCode: 'type', message: 'must be integer' }, 'Page must be integer'],
    ['a pattern with words of its own', { path: 'version', errorCode: 'pattern', message: 'must match pattern "^[0-9]+$"', label: 'Version', patternMessage: 'Version must look like 1.2.3' }, 'Version must look like 1.2.3'],
    ['a pattern without, never quoting it', { path: 'version', errorCode: 'pattern', message: 'must match pattern "^[0-9]+$"', label: 'Version' }, 'Version is not in the expected format'],
    ['an empty update', { path: '', errorCode: 'minProperties.openapi.validation', message: 'must NOT have fewer than 1 properties' }, 'Send at least one field to change'],
    ['a body of another type', { path: '', errorCode: 'type.openapi.validation', message: 'must be object' }, 'The request body must be object'],
    ['an empty object inside', { path: 'settings', errorCode: 'minProperties', message: 'must NOT have fewer than 2 properties' }, 'Settings must have at least 2 fields'],
  ])('reads %s', (_case, input, expected) => {
    expect(fieldMessage(input)).toBe(expected);
  });
});
