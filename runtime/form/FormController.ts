import { evaluateCondition, evaluateExpression } from '../../schemas/expression/expression';
import { normalizeValues, toRecord, type FieldEntry, type FormModel } from './formModel';
import { FormStore, type Values } from './FormStore';
import { validateValues } from './validation';

export interface FormEvents {
  /** The validated record, '|' names split. */
  onSubmit?(record: Values): void;
  /** After reset, with the record the form went back to. */
  onReset?(record: Values): void;
  /** Validation failed: the message of each field with an error. */
  onError?(errors: Record<string, string>): void;
}

/** What a form does: change a field (with its declared effects), validate, submit, reset. */
export class FormController {
  readonly store: FormStore;
  events: FormEvents = {};
  /** After the first submit, a field's error follows its value as the user corrects it. */
  private validated = false;

  constructor(
    readonly model: FormModel,
    private readonly initial: Values,
  ) {
    this.store = new FormStore(initial);
  }

  change(entry: FieldEntry, value: unknown): void {
    const name = entry.field.fieldName;
    this.store.set(name, value);
    const touched = [name, ...this.applyEffects(entry, value)];
    if (this.validated) this.store.setErrors(this.currentErrors(), touched);
  }

  /**
   * Normalises the range values (shown back in the form), validates, and answers [has error, data] without emitting
   * anything: the separate check of building-blocks §4.
   */
  validate(): [boolean, Values] {
    const normalized = normalizeValues(this.model, this.store.view());
    // The form shows what it validates: a half-filled range now shows both ends, an unticked checkbox its false value.
    for (const { field, shape, widget } of this.model.entries) {
      if (shape === 'range' || widget.normalize) this.store.set(field.fieldName, normalized[field.fieldName]);
    }
    const errors = validateValues(this.model, normalized);
    this.store.setErrors(errors, 'all');
    this.validated = true;
    return [Object.keys(errors).length > 0, toRecord(this.model, normalized)];
  }

  /** Normalise, then validate, then emit the data or report the errors; answers whether it was valid. */
  submit(): boolean {
    const [hasError, data] = this.validate();
    if (hasError) this.events.onError?.(this.errors());
    else this.events.onSubmit?.(data);
    return !hasError;
  }

  reset(): void {
    this.store.replace(this.initial);
    this.store.setErrors({}, 'all');
    this.validated = false;
    this.events.onReset?.(toRecord(this.model, normalizeValues(this.model, this.initial)));
  }

  private errors(): Record<string, string> {
    return Object.fromEntries(this.model.entries.flatMap(({ field }) => {
      const message = this.store.error(field.fieldName);
      return message ? [[field.fieldName, message]] : [];
    }));
  }

  private currentErrors(): Record<string, string> {
    return validateValues(this.model, normalizeValues(this.model, this.store.view()));
  }

  /** The field's declared change effects: clear fields, set fields to expressions of the new value and the form. */
  private applyEffects(entry: FieldEntry, value: unknown): string[] {
    const touched: string[] = [];
    for (const effect of entry.field.change ?? []) {
      const scope = () => ({ value, form: this.store.view(), mode: this.model.mode });
      if (!evaluateCondition(effect.when, scope(), true)) continue;
      for (const name of effect.clear ?? []) {
        this.store.set(name, undefined);
        touched.push(name);
      }
      for (const [name, expression] of Object.entries(effect.set ?? {})) {
        this.store.set(name, evaluateExpression(expression, scope()));
        touched.push(name);
      }
    }
    return touched;
  }
}
