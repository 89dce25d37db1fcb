import { generateForm } from '@rjsf/antd';
import type { default as CoreForm, IChangeEvent } from '@rjsf/core';
import type { RJSFSchema } from '@rjsf/utils';
import { useMemo, useState, type ReactNode, type Ref } from 'react';
import type { Field } from '../screen/screen.types';
import { widgetRegistry } from '../registries/widgets';
import { buildFormModel, type FormMode } from './formModel';
import { FieldTemplate } from './FieldTemplate';
import { GridObjectFieldTemplate } from './GridObjectFieldTemplate';
import { splitRanges } from './ranges';
import { formatValidator, formValidator, labelErrors } from './validation';

type Values = Record<string, unknown>;

export interface ScreenFormProps {
  fields: Field[];
  cols: number;
  labelWidth: number;
  mode: FormMode;
  /** Prefix of the widgets' element ids (<prefix>_<fieldName>): two forms on one page must not share ids. */
  idPrefix: string;
  /** Initial form data (range fields as pairs). Remount the form (key) to load another record. */
  initialData: Values;
  /** Receives the validated values with range fields split into their two names. */
  onSubmit(values: Values): void;
  formRef?: Ref<CoreForm<Values, RJSFSchema>>;
  /** Rendered inside the <form>, so a submit button there and Enter in a text field both submit. */
  children?: ReactNode;
  className?: string;
}

const Form = generateForm<Values, RJSFSchema>();
const widgets = Object.fromEntries(Object.entries(widgetRegistry).map(([type, w]) => [type, w.component]));
const templates = { ObjectFieldTemplate: GridObjectFieldTemplate, FieldTemplate, ErrorListTemplate: () => null };

// The form may have been loaded with a whole record; only its own fields are submitted.
const pick = (names: string[], data: Values): Values => Object.fromEntries(names.filter((n) => n in data).map((n) => [n, data[n]]));

/** The one form engine of screens: filter bars and dialog forms are both this component with another mode. */
export function ScreenForm({ fields, cols, labelWidth, mode, idPrefix, initialData, onSubmit, formRef, children, className }: ScreenFormProps) {
  const [formData, setFormData] = useState<Values>(initialData);
  const model = useMemo(() => buildFormModel(fields, cols, mode, formData), [fields, cols, mode, formData]);
  const transformErrors = useMemo(() => labelErrors(fields), [fields]);
  const customValidate = useMemo(() => formatValidator(fields), [fields]);
  const formContext = useMemo(() => ({ labelWidth }), [labelWidth]);
  const fieldNames = useMemo(() => fields.map((f) => f.fieldName), [fields]);

  return (
    <Form
      ref={formRef}
      className={className}
      idPrefix={idPrefix}
      schema={model.schema}
      uiSchema={model.uiSchema}
      formData={formData}
      widgets={widgets}
      templates={templates}
      formContext={formContext}
      validator={formValidator}
      customValidate={customValidate}
      transformErrors={transformErrors}
      showErrorList={false}
      noHtml5Validate
      onChange={(event: IChangeEvent<Values>) => setFormData(event.formData ?? {})}
      onSubmit={(event: IChangeEvent<Values>) => onSubmit(splitRanges(fieldNames, pick(fieldNames, event.formData ?? {})))}
    >
      {children ?? <></>}
    </Form>
  );
}
