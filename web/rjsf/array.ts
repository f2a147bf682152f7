// RJSF's array field and the templates only it renders, one chunk loaded the first time a form
// shows an array (web/rjsf/fields.ts, web/rjsf/templates.ts): the sign-in forms have none.
export { default as ArrayField } from '@rjsf/core/lib/components/fields/ArrayField.js';
export { default as ArrayFieldDescriptionTemplate } from '@rjsf/core/lib/components/templates/ArrayFieldDescriptionTemplate.js';
export { default as ArrayFieldItemButtonsTemplate } from '@rjsf/core/lib/components/templates/ArrayFieldItemButtonsTemplate.js';
export { default as ArrayFieldItemTemplate } from '@rjsf/core/lib/components/templates/ArrayFieldItemTemplate.js';
export { default as ArrayFieldTemplate } from '@rjsf/core/lib/components/templates/ArrayFieldTemplate.js';
export { default as ArrayFieldTitleTemplate } from '@rjsf/core/lib/components/templates/ArrayFieldTitleTemplate.js';
