// Stand-in for @rjsf/core's default field registry (lib/components/fields/index.js) in the web
// build (web/rjsf/trim-registry.ts): the same fields less LayoutGridField, LayoutHeaderField and
// LayoutMultiSchemaField, which render only where a uiSchema names them (`'ui:field'`) and ours
// never do, and with the array field loaded on first use. The form engine comes with every
// sign-in page.
import BooleanField from '@rjsf/core/lib/components/fields/BooleanField.js';
import CyclicSchemaField from '@rjsf/core/lib/components/fields/CyclicSchemaField.js';
import FallbackField from '@rjsf/core/lib/components/fields/FallbackField.js';
import MultiSchemaField from '@rjsf/core/lib/components/fields/MultiSchemaField.js';
import NullField from '@rjsf/core/lib/components/fields/NullField.js';
import NumberField from '@rjsf/core/lib/components/fields/NumberField.js';
import ObjectField from '@rjsf/core/lib/components/fields/ObjectField.js';
import OptionalDataControlsField from '@rjsf/core/lib/components/fields/OptionalDataControlsField.js';
import SchemaField from '@rjsf/core/lib/components/fields/SchemaField.js';
import StringField from '@rjsf/core/lib/components/fields/StringField.js';
import type { FieldProps } from '@rjsf/utils';
import { lazyPart } from './lazy-part';

// With its templates, the first time a form shows an array (web/rjsf/array.ts).
const ArrayField = lazyPart<FieldProps>(async () => (await import('./array')).ArrayField);

export default function fields() {
  return {
    AnyOfField: MultiSchemaField,
    ArrayField,
    BooleanField,
    CyclicSchemaField,
    FallbackField,
    NumberField,
    ObjectField,
    OneOfField: MultiSchemaField,
    OptionalDataControlsField,
    SchemaField,
    StringField,
    NullField,
  };
}
