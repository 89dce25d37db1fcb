// Cascades hold a path of values, one per level; their fieldName names the levels ("brandId|seriesId|modelId").
import { splitFieldName } from '../form/fieldValues';
import { TEXT } from '../../schemas/text/zh';
import type { Field } from '../../schemas/screen/screen.types';
import type { FieldOption } from './useFieldOptions';

/** How many levels a cascade edits: one per name, or the widget's own depth under a single name. */
export function levelDepth(field: Field, ownDepth: number): number {
  const names = splitFieldName(field.fieldName);
  return names.length > 1 ? names.length : ownDepth;
}

/** A required cascade must be chosen down to its last level. */
export function completePath(ownDepth: number) {
  return (value: unknown, field: Field): string | undefined => {
    const path = Array.isArray(value) ? value : [];
    return field.required && path.length > 0 && path.length < levelDepth(field, ownDepth) ? TEXT.form.incomplete : undefined;
  };
}

/** A tree cut at `depth` levels: a cascade over the first levels of a deeper tree. */
export function cutTree(options: FieldOption[], depth: number): FieldOption[] {
  return options.map(({ children, ...option }) =>
    depth > 1 && children?.length ? { ...option, children: cutTree(children, depth - 1) } : option,
  );
}

/** The path a cascade holds, as a list (empty when nothing is chosen). */
export const pathOf = (value: unknown): (string | number)[] => (Array.isArray(value) ? (value as (string | number)[]) : []);
