import { TEXT } from '../../schemas/text/zh';
import { LevelSelects, type LevelOptionsHook } from './LevelSelects';
import { levelDepth, pathOf } from './levels';
import { useRemoteOptions } from './useRemoteOptions';
import type { WidgetProps } from './widgetProps';

/** The five levels: brand, series, model, configuration, colour (building-blocks §9). */
export const MATERIAL_DEPTH = 5;
/** Level lists and children answer materialId and materialNameZh (building-blocks §7). */
const MATERIAL_KEYS = { valueKey: 'materialId', textKey: 'materialNameZh' } as const;
const MATERIAL_LEVEL_API = 'basedata:GET materials/level/{level}';
const MATERIAL_ITEMS_API = 'basedata:GET materials/{id}/items';

// The first level by its level number, each next level as the children of the material chosen above.
const useMaterialLevel: LevelOptionsHook = (level, path) => {
  const parent = path[level - 1];
  return useRemoteOptions(
    level === 0 ? { api: MATERIAL_LEVEL_API, ...MATERIAL_KEYS } : { api: MATERIAL_ITEMS_API, ...MATERIAL_KEYS },
    level === 0 ? { level: 1 } : parent === undefined ? undefined : { id: parent },
  );
};

/** Vehicle-material cascade: brand, series, model, configuration, colour as linked selects (fieldName per level). */
export function MaterialCascade({ id, field, value, onChange, disabled, invalid }: WidgetProps<(string | number)[]>) {
  return (
    <LevelSelects
      id={id}
      depth={levelDepth(field, MATERIAL_DEPTH)}
      placeholders={[...TEXT.form.materialLevels]}
      path={pathOf(value)}
      onPathChange={(path) => onChange(path.length > 0 ? path : undefined)}
      disabled={disabled}
      invalid={invalid}
      useLevelOptions={useMaterialLevel}
    />
  );
}
