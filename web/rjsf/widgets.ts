// Stand-in for @rjsf/core's default widget registry (lib/components/widgets/index.js) in the web
// build (web/rjsf/trim-registry.ts): the same widgets less AltDateWidget, AltDateTimeWidget,
// RangeWidget and RatingWidget, which render only where a uiSchema names them (`'ui:widget':
// 'alt-date'`, 'alt-datetime', 'range', 'rating') and ours never do. FileWidget stays: RJSF picks
// it for a `data-url` string or an array of them.
import CheckboxesWidget from '@rjsf/core/lib/components/widgets/CheckboxesWidget.js';
import CheckboxWidget from '@rjsf/core/lib/components/widgets/CheckboxWidget.js';
import ColorWidget from '@rjsf/core/lib/components/widgets/ColorWidget.js';
import DateTimeWidget from '@rjsf/core/lib/components/widgets/DateTimeWidget.js';
import DateWidget from '@rjsf/core/lib/components/widgets/DateWidget.js';
import EmailWidget from '@rjsf/core/lib/components/widgets/EmailWidget.js';
import FileWidget from '@rjsf/core/lib/components/widgets/FileWidget.js';
import HiddenWidget from '@rjsf/core/lib/components/widgets/HiddenWidget.js';
import PasswordWidget from '@rjsf/core/lib/components/widgets/PasswordWidget.js';
import RadioWidget from '@rjsf/core/lib/components/widgets/RadioWidget.js';
import SelectWidget from '@rjsf/core/lib/components/widgets/SelectWidget.js';
import TextareaWidget from '@rjsf/core/lib/components/widgets/TextareaWidget.js';
import TextWidget from '@rjsf/core/lib/components/widgets/TextWidget.js';
import TimeWidget from '@rjsf/core/lib/components/widgets/TimeWidget.js';
import UpDownWidget from '@rjsf/core/lib/components/widgets/UpDownWidget.js';
import URLWidget from '@rjsf/core/lib/components/widgets/URLWidget.js';

export default function widgets() {
  return {
    CheckboxWidget,
    CheckboxesWidget,
    ColorWidget,
    DateWidget,
    DateTimeWidget,
    EmailWidget,
    FileWidget,
    HiddenWidget,
    PasswordWidget,
    RadioWidget,
    SelectWidget,
    TextWidget,
    TextareaWidget,
    TimeWidget,
    UpDownWidget,
    URLWidget,
  };
}
