// Renders the form engine as screens use it, and drives antd's widgets the way a user does, in jsdom.
import { act, fireEvent, waitFor } from '@testing-library/react';
import { createRef } from 'react';
import type { Values } from '../../runtime/form/FormStore';
import type { FormMode } from '../../runtime/form/formMode';
import { ScreenForm, type ScreenFormHandle } from '../../runtime/form/ScreenForm';
import type { Field } from '../../schemas/screen/screen.types';
import { renderInApp } from './renderInApp';

export interface FormOptions {
  mode?: FormMode;
  record?: Values;
  cols?: number;
  labelWidth?: number;
  rows?: number;
  collapsible?: boolean;
  showActions?: boolean;
}

export function renderForm(fields: Field[], options: FormOptions = {}) {
  const handle = createRef<ScreenFormHandle>();
  const submitted: Values[] = [];
  const failed: Record<string, string>[] = [];
  const resets: Values[] = [];
  const view = renderInApp(
    <ScreenForm
      fields={fields}
      cols={options.cols ?? 3}
      labelWidth={options.labelWidth ?? 100}
      mode={options.mode ?? 'add'}
      rows={options.rows}
      collapsible={options.collapsible}
      showActions={options.showActions}
      idPrefix="t"
      record={options.record}
      handleRef={handle}
      onSubmit={(values) => submitted.push(values)}
      onError={(errors) => failed.push(errors)}
      onReset={(values) => resets.push(values)}
    />,
  );
  const input = <T extends HTMLElement = HTMLInputElement>(fieldName: string, suffix = '') =>
    document.querySelector<T>(`#t_${fieldName.replaceAll('|', '-')}${suffix}`)!;
  return {
    ...view,
    handle,
    submitted,
    failed,
    resets,
    input,
    type: (fieldName: string, value: string) => fireEvent.change(input(fieldName), { target: { value } }),
    submit: () => act(() => void handle.current!.submit()),
    cellOf: (fieldName: string) => document.querySelector<HTMLElement>(`[data-field="${fieldName}"]`),
    errorOf: (fieldName: string) => document.querySelector(`[data-field="${fieldName}"] .dms-field-error`)?.textContent ?? undefined,
  };
}

/** Opens a select (or tree select, cascader) by its input and answers the dropdown that opened. */
export async function openDropdown(input: HTMLElement): Promise<void> {
  fireEvent.mouseDown(input);
  fireEvent.click(input);
}

/** Clicks the visible option whose text is `text` (select, tree select or cascader). */
export async function pick(text: string, selector = '.ant-select-item-option, .ant-select-tree-node-content-wrapper, .ant-cascader-menu-item'): Promise<void> {
  const option = await waitFor(() => {
    const match = [...document.querySelectorAll<HTMLElement>(selector)].reverse().find((el) => (el.getAttribute('title') ?? el.textContent) === text);
    if (!match) throw new Error(`option ${text} not shown`);
    return match;
  });
  fireEvent.click(option);
}

/** The options of the dropdown opened last (each select keeps its own dropdown in the page once opened). */
export const optionTexts = (selector = '.ant-select-item-option') => {
  const dropdown = [...document.querySelectorAll<HTMLElement>('.ant-select-dropdown')].at(-1);
  return [...(dropdown?.querySelectorAll<HTMLElement>(selector) ?? [])].map((el) => el.getAttribute('title') ?? el.textContent);
};
