import { createContext, useContext, useMemo, useSyncExternalStore } from 'react';
import { ownerOf, recordValue } from './formModel';
import type { FormController } from './FormController';
import type { FormMode } from './formMode';

export interface FormContextValue {
  controller: FormController;
  mode: FormMode;
  idPrefix: string;
  labelWidth: number;
}

export const FormContext = createContext<FormContextValue | null>(null);

export function useFormContext(): FormContextValue {
  const context = useContext(FormContext);
  if (!context) throw new Error('表单控件只能在 ScreenForm 中使用');
  return context;
}

/** One field's value; the caller re-renders when that value changes, and only then. */
export function useFieldValue(name: string): unknown {
  const { store } = useFormContext().controller;
  return useSyncExternalStore(
    (listener) => store.subscribe(name, listener),
    () => store.get(name),
  );
}

export function useFieldError(name: string): string | undefined {
  const { store } = useFormContext().controller;
  return useSyncExternalStore(
    (listener) => store.subscribe(name, listener),
    () => store.error(name),
  );
}

/**
 * Re-renders the caller when any of the named fields (or, for '*', any field) changes, and answers the live values.
 * Widgets whose options depend on another field (a request path with {name}) read it through this.
 */
export function useFormValues(names: readonly string[] | '*'): Readonly<Record<string, unknown>> {
  const { store } = useFormContext().controller;
  useSyncExternalStore(
    (listener) => (names === '*' ? store.subscribeAll(listener) : subscribeMany(store, names, listener)),
    () => store.versionOf(names),
  );
  return store.view();
}

/**
 * The current values of record names, such as the configId level of a "brandId|...|configId|colorId" cascade; the
 * caller re-renders when the fields holding them change. A request path's {configId} reads through this.
 */
export function useRecordValues(names: readonly string[]): Record<string, unknown> {
  const { controller } = useFormContext();
  const owners = useMemo(() => [...new Set(names.map((n) => ownerOf(controller.model, n)?.field.fieldName ?? n))], [controller, names]);
  const values = useFormValues(owners);
  return Object.fromEntries(names.map((name) => [name, recordValue(controller.model, values, name)]));
}

function subscribeMany(store: FormController['store'], names: readonly string[], listener: () => void): () => void {
  const stops = names.map((name) => store.subscribe(name, listener));
  return () => stops.forEach((stop) => stop());
}

/** The element id of a field's widget: <prefix>_<fieldName>, with '|' written as '-' so it is a plain CSS id. */
export const fieldElementId = (idPrefix: string, fieldName: string): string => `${idPrefix}_${fieldName.replaceAll('|', '-')}`;
