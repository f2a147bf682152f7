// Stand-in for @rjsf/core's default template registry (lib/components/templates/index.js) in the
// web build (web/rjsf/trim-registry.ts): the same templates, the array ones loaded with the array
// field the first time a form shows an array (web/rjsf/array.ts), and without GridTemplate, which
// only the layout-grid fields render (left out of web/rjsf/fields.ts).
import BaseInputTemplate from '@rjsf/core/lib/components/templates/BaseInputTemplate.js';
import ButtonTemplates from '@rjsf/core/lib/components/templates/ButtonTemplates/index.js';
import CyclicSchemaExpandTemplate from '@rjsf/core/lib/components/templates/CyclicSchemaExpandTemplate.js';
import DescriptionField from '@rjsf/core/lib/components/templates/DescriptionField.js';
import ErrorList from '@rjsf/core/lib/components/templates/ErrorList.js';
import FallbackFieldTemplate from '@rjsf/core/lib/components/templates/FallbackFieldTemplate.js';
import FieldErrorTemplate from '@rjsf/core/lib/components/templates/FieldErrorTemplate.js';
import FieldHelpTemplate from '@rjsf/core/lib/components/templates/FieldHelpTemplate.js';
import FieldTemplate from '@rjsf/core/lib/components/templates/FieldTemplate/index.js';
import MultiSchemaFieldTemplate from '@rjsf/core/lib/components/templates/MultiSchemaFieldTemplate.js';
import ObjectFieldTemplate from '@rjsf/core/lib/components/templates/ObjectFieldTemplate.js';
import OptionalDataControlsTemplate from '@rjsf/core/lib/components/templates/OptionalDataControlsTemplate.js';
import TitleField from '@rjsf/core/lib/components/templates/TitleField.js';
import UnsupportedField from '@rjsf/core/lib/components/templates/UnsupportedField.js';
import WrapIfAdditionalTemplate from '@rjsf/core/lib/components/templates/WrapIfAdditionalTemplate.js';
import type { ArrayFieldDescriptionProps, ArrayFieldItemButtonsTemplateProps, ArrayFieldItemTemplateProps, ArrayFieldTemplateProps, ArrayFieldTitleProps } from '@rjsf/utils';
import { lazyPart } from './lazy-part';

const array = () => import('./array');

export default function templates() {
  return {
    ArrayFieldDescriptionTemplate: lazyPart<ArrayFieldDescriptionProps>(async () => (await array()).ArrayFieldDescriptionTemplate),
    ArrayFieldItemTemplate: lazyPart<ArrayFieldItemTemplateProps>(async () => (await array()).ArrayFieldItemTemplate),
    ArrayFieldItemButtonsTemplate: lazyPart<ArrayFieldItemButtonsTemplateProps>(async () => (await array()).ArrayFieldItemButtonsTemplate),
    ArrayFieldTemplate: lazyPart<ArrayFieldTemplateProps>(async () => (await array()).ArrayFieldTemplate),
    ArrayFieldTitleTemplate: lazyPart<ArrayFieldTitleProps>(async () => (await array()).ArrayFieldTitleTemplate),
    ButtonTemplates: ButtonTemplates(),
    BaseInputTemplate,
    CyclicSchemaExpandTemplate,
    DescriptionFieldTemplate: DescriptionField,
    ErrorListTemplate: ErrorList,
    FallbackFieldTemplate,
    FieldTemplate,
    FieldErrorTemplate,
    FieldHelpTemplate,
    MultiSchemaFieldTemplate,
    ObjectFieldTemplate,
    OptionalDataControlsTemplate,
    TitleFieldTemplate: TitleField,
    UnsupportedFieldTemplate: UnsupportedField,
    WrapIfAdditionalTemplate,
  };
}
