import { TEXT } from '../../schemas/text/zh';
import { LevelSelects, type LevelOptionsHook } from './LevelSelects';
import { levelDepth, pathOf } from './levels';
import { optionsAtLevel, useFieldOptions } from './useFieldOptions';
import type { WidgetProps } from './widgetProps';

/**
 * Cascader group: one select per level over a tree of options (options with children, or a request answering a
 * tree), each level its own field (fieldName "workshopCode|bayCode"). The placeholder names the levels, split by /.
 */
export function CascaderGroup({ id, field, value, onChange, disabled, invalid }: WidgetProps<(string | number)[]>) {
  const depth = levelDepth(field, 1);
  const names = field.placeholder?.split('/') ?? [];
  const useTreeLevel: LevelOptionsHook = (level, path) => {
    const { options, loading } = useFieldOptions(field);
    return { options: optionsAtLevel(options, path, level), loading };
  };
  return (
    <LevelSelects
      id={id}
      depth={depth}
      placeholders={Array.from({ length: depth }, (_, i) => names[i] ?? TEXT.form.select)}
      path={pathOf(value)}
      onPathChange={(path) => onChange(path.length > 0 ? path : undefined)}
      disabled={disabled}
      invalid={invalid}
      useLevelOptions={useTreeLevel}
    />
  );
}
