// One validator for every form. JSON Schema 2020-12 (what OpenAPI 3.1 uses): RJSF's
// default Ajv is draft-07 and would silently ignore keywords such as const or prefixItems.
import Ajv2020 from 'ajv/dist/2020';
import { customizeValidator } from '@rjsf/validator-ajv8';

export const validator = customizeValidator({ AjvClass: Ajv2020 });
