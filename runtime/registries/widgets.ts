// The widget registry: field type (as written in screen JSON) -> the component that edits it and what its value is.
// A new widget is one component in runtime/widgets/, its name in schemas/screen/typeNames.ts and one entry here (the
// registry is typed by that list); every screen can then use its type name.
//
// Extension points left for other features (they register here under these names, nothing else changes):
//   image-upload  image upload with crop (value: a URL, or {name, url} in file-name mode; a list when limit > 1)
//   file-upload   file upload (value: the file url / uid, a list for several files)
//   oss-upload    object-storage upload fields (value as file-upload)
//   upload-button the shared upload button (filter-style upload; value as file-upload)
//   rich-text     rich-text editor (value: sanitised HTML; `validate` counts the text without tags against 50000)
// Such an entry gives its component, its valueSchema (the keywords runtime/form/schemaCheck.ts checks, e.g.
// { type: 'string', maxLength: 500 }) and, for checks a JSON Schema cannot make, a `validate` hook; uploads happen inside
// the widget, so the form only ever holds finished values.
import type { RJSFSchema } from '@rjsf/utils';
import { DATE_KINDS, DATETIME_FORMAT, parseValue, RANGE_KINDS, TIME_FORMAT, VALUE_PATTERNS, boundProblem, type DateKind, type RangeKind } from '../form/dates';
import { isBlank } from '../form/ranges';
import { TEXT } from '../../schemas/text/zh';
import type { FormMode } from '../form/formMode';
import type { Field } from '../../schemas/screen/screen.types';
import { CascaderGroup } from '../widgets/CascaderGroup';
import { linesProblem } from '../widgets/childLines';
import { ChildLinesWidget } from '../widgets/ChildLinesWidget';
import { CascaderWidget } from '../widgets/CascaderWidget';
import { CheckboxGroupWidget, CheckboxWidget, checkboxValues, RadioWidget } from '../widgets/ChoiceWidgets';
import { DateRangeWidget } from '../widgets/DateRangeWidget';
import { DateWidget } from '../widgets/DateWidget';
import { completePath } from '../widgets/levels';
import { LinkedSelectInput } from '../widgets/LinkedSelectInput';
import { MATERIAL_DEPTH, MaterialCascade } from '../widgets/MaterialCascade';
import { NUMBER_DEFAULTS, NumberInput } from '../widgets/NumberInput';
import { NumberRange } from '../widgets/NumberRange';
import { ConsultantSelect, UserSelect } from '../widgets/PositionLookup';
import { ConsultantPickerField, DealerPickerField } from '../widgets/picker/PickerField';
import { QuarterPicker } from '../widgets/quarter/QuarterPicker';
import { RichTextField } from '../widgets/richText/RichTextField';
import { RICH_TEXT, richTextLength } from '../../schemas/formats/richText';
import { REGION_DEPTH, RegionWidget } from '../widgets/RegionWidget';
import { SectionDivider } from '../widgets/SectionDivider';
import { SelectWidget } from '../widgets/SelectWidget';
import { TEXTAREA_DEFAULTS, TextareaWidget } from '../widgets/TextareaWidget';
import { textMaxLength, TextInput } from '../widgets/TextInput';
import { TimeSelect, TimeSelectRange } from '../widgets/TimeSelect';
import { TimeRangeWidget, TimeWidget } from '../widgets/TimeWidgets';
import { TreeSelectWidget } from '../widgets/TreeSelectWidget';
import { FileUploadWidget, ImageUploadWidget, OssUploadWidget, UploadButtonWidget } from '../widgets/UploadWidgets';
import { uploadValueSchema } from '../upload/uploadValues';
import type { WidgetDefinition } from '../widgets/widgetProps';
import type { WidgetType } from '../../schemas/screen/typeNames';


const SCALAR: RJSFSchema['type'] = ['string', 'number', 'boolean'];

/** A value that may hold several items: a list, non-empty when required. */
const listOf = (items: RJSFSchema, field: Field): RJSFSchema => ({ type: 'array', items, uniqueItems: true, ...(field.required === true ? { minItems: 1 } : {}) });
const oneOrMany = (item: RJSFSchema, field: Field): RJSFSchema => (field.multiple || field.tags ? listOf(item, field) : item);
/** A pair of ends (a range or a linked select input); an empty range is normalised to [], which required refuses. */
const pairOf = (item: 'string' | 'number', field: Field, extra: RJSFSchema = {}): RJSFSchema => ({
  type: 'array',
  items: { type: [item, 'null'], ...extra },
  maxItems: 2,
  ...(field.required === true ? { minItems: 1 } : {}),
});
const pathOf = (field: Field): RJSFSchema => ({ type: 'array', items: { type: ['string', 'number'] }, ...(field.required === true ? { minItems: 1 } : {}) });

const date = (kind: DateKind): WidgetDefinition => ({
  component: DateWidget,
  valueSchema: () => ({ type: 'string', pattern: VALUE_PATTERNS[DATE_KINDS[kind].value] }),
  validate: (value, field) => {
    const moment = parseValue(value, DATE_KINDS[kind].value);
    return moment ? boundProblem(moment, field.minDate, field.maxDate, DATE_KINDS[kind].display) : undefined;
  },
});

const dateRange = (kind: RangeKind): WidgetDefinition => ({
  component: DateRangeWidget,
  shape: 'range',
  valueSchema: (field) => pairOf('string', field, { pattern: VALUE_PATTERNS[RANGE_KINDS[kind].format] }),
  validate: (value, field) => {
    for (const end of Array.isArray(value) ? value : []) {
      const moment = parseValue(end, RANGE_KINDS[kind].format);
      const problem = moment && boundProblem(moment, field.minDate, field.maxDate, RANGE_KINDS[kind].format);
      if (problem) return problem;
    }
    return undefined;
  },
});

export const widgetRegistry: Record<WidgetType, WidgetDefinition> = {
  input: {
    component: TextInput,
    valueSchema: (field, mode) => ({ type: 'string', maxLength: textMaxLength(field.maxlength, mode), minLength: field.minlength ?? 0 }),
    hideEmptyInShow: true,
  },
  textarea: {
    component: TextareaWidget,
    valueSchema: (field) => ({ type: 'string', maxLength: field.maxlength ?? TEXTAREA_DEFAULTS.maxlength, minLength: field.minlength ?? 0 }),
    hideEmptyInShow: true,
  },
  number: {
    component: NumberInput,
    // A stored amount arrives as exact decimal text ("1280.50", models' money and decimals); typed values are numbers.
    valueSchema: (field) => ({ type: ['number', 'string'], pattern: '^-?\\d+(\\.\\d+)?$', minimum: field.min ?? NUMBER_DEFAULTS.min, maximum: field.max ?? NUMBER_DEFAULTS.max }),
  },
  'number-range': {
    component: NumberRange,
    shape: 'range',
    valueSchema: (field) => pairOf('number', field, { minimum: field.min ?? NUMBER_DEFAULTS.min, maximum: field.max ?? NUMBER_DEFAULTS.max }),
  },
  select: { component: SelectWidget, valueSchema: (field) => oneOrMany({ type: SCALAR }, field) },
  'select-input': {
    component: LinkedSelectInput,
    shape: 'pair',
    valueSchema: () => ({ type: 'array', items: { type: ['string', 'number', 'null'] }, maxItems: 2 }),
    // Required means the text is typed; the key always has a choice when there are options.
    validate: (value, field) => (field.required === true && isBlank(Array.isArray(value) ? value[1] : undefined) ? TEXT.form.empty : undefined),
  },
  'tree-select': { component: TreeSelectWidget, valueSchema: (field) => oneOrMany({ type: ['string', 'number'] }, field) },
  cascader: { component: CascaderWidget, shape: 'levels', valueSchema: pathOf, validate: completePath(1) },
  'cascader-group': { component: CascaderGroup, shape: 'levels', valueSchema: pathOf, validate: completePath(1) },
  'material-cascade': { component: MaterialCascade, shape: 'levels', valueSchema: pathOf, validate: completePath(MATERIAL_DEPTH) },
  region: { component: RegionWidget, shape: 'levels', valueSchema: pathOf, validate: completePath(REGION_DEPTH) },
  date: date('date'),
  datetime: date('datetime'),
  exactdate: date('exactdate'),
  month: date('month'),
  year: date('year'),
  'date-range': dateRange('date-range'),
  'datetime-range': dateRange('datetime-range'),
  'month-range': dateRange('month-range'),
  time: { component: TimeWidget, valueSchema: () => ({ type: 'string', pattern: VALUE_PATTERNS[TIME_FORMAT] }) },
  'time-range': { component: TimeRangeWidget, shape: 'range', valueSchema: (field) => pairOf('string', field, { pattern: VALUE_PATTERNS[TIME_FORMAT] }) },
  'time-select': { component: TimeSelect, valueSchema: () => ({ type: 'string', pattern: '^\\d{2}:\\d{2}$' }) },
  'time-select-range': { component: TimeSelectRange, shape: 'range', valueSchema: (field) => pairOf('string', field, { pattern: '^\\d{2}:\\d{2}$' }) },
  checkbox: {
    component: CheckboxWidget,
    // Required means ticked.
    valueSchema: (field) => {
      const { on, off } = checkboxValues(field);
      return field.required === true ? { const: on } : { enum: [on, off] };
    },
    emptyValue: (field) => checkboxValues(field).off,
    normalize: (value, field, mode) => (value === undefined && mode !== 'filter' ? checkboxValues(field).off : value),
  },
  'checkbox-group': { component: CheckboxGroupWidget, valueSchema: (field) => listOf({ type: SCALAR }, field) },
  radio: { component: RadioWidget, valueSchema: () => ({ type: SCALAR }) },
  consultant: { component: ConsultantSelect, valueSchema: (field) => oneOrMany({ type: ['number', 'string'] }, field) },
  user: { component: UserSelect, valueSchema: (field) => oneOrMany({ type: ['number', 'string'] }, field) },
  'dealer-picker': { component: DealerPickerField, valueSchema: (field) => oneOrMany({ type: 'string', maxLength: 32 }, field) },
  'consultant-picker': { component: ConsultantPickerField, valueSchema: (field) => oneOrMany({ type: ['number', 'string'] }, field) },
  quarter: { component: QuarterPicker, shape: 'range', valueSchema: (field) => pairOf('string', field, { pattern: VALUE_PATTERNS[DATETIME_FORMAT] }) },
  'rich-text': {
    component: RichTextField,
    // The HTML itself may be long (markup, embedded images); the limit counts its text, checked by `validate`.
    valueSchema: () => ({ type: 'string', maxLength: 1_000_000 }),
    validate: (value, field) => (typeof value === 'string' && richTextLength(value) > (field.maxlength ?? RICH_TEXT.limit) ? TEXT.richText.overLimit(field.maxlength ?? RICH_TEXT.limit) : undefined),
  },
  divider: { component: SectionDivider, valueSchema: () => null, fullRow: true },
  // A record's lines (a list of objects), saved with it; each cell is checked by its column (widgets/childLines.ts).
  'child-lines': {
    component: ChildLinesWidget,
    shape: 'list',
    valueSchema: (field) => ({ type: 'array', ...(field.required === true ? { minItems: 1 } : {}) }),
    validate: (value, field) => (field.lines ? linesProblem(value, field.lines) : undefined),
    fullRow: true,
  },
  'image-upload': { component: ImageUploadWidget, valueSchema: (field) => uploadValueSchema(field, field.upload?.fileNameMode === true) },
  'file-upload': { component: FileUploadWidget, valueSchema: (field) => uploadValueSchema(field, true) },
  'upload-button': { component: UploadButtonWidget, valueSchema: (field) => uploadValueSchema(field, true) },
  // Object-storage upload: the chunked (breakpoint) upload into the file store; one file.
  'oss-upload': { component: OssUploadWidget, valueSchema: (field) => uploadValueSchema({ ...field, upload: { ...field.upload, limit: 1 } }, true) },
};
