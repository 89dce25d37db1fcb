import type { WidgetProps } from '@rjsf/utils';
import type { Field } from '../screen/screen.types';

/** The screen field a widget renders: the form engine passes it in the field's ui:options. */
export function fieldOf(props: WidgetProps): Field {
  return props.options.screenField as Field;
}

/** rjsf treats undefined as "no value": empty inputs hand it back rather than ''. */
export function emptyToUndefined<T>(value: T | '' | null | undefined): T | undefined {
  return value === '' || value === null ? undefined : value;
}

/** antd's red outline while the field has an error. */
export function statusOf(props: WidgetProps): 'error' | undefined {
  return props.rawErrors && props.rawErrors.length > 0 ? 'error' : undefined;
}
