import { TEXT } from '../i18n/zh';
import { CascadePicker } from './CascaderWidget';
import { cutTree, levelDepth, pathOf } from './levels';
import { useRemoteOptions } from './useRemoteOptions';
import type { WidgetProps } from './widgetProps';

/** Province, city, county (back-office §3: regionCode, regionName, tcRegionList nested). */
export const REGION_DEPTH = 3;
const REGION_REQUEST = { api: 'basedata:GET regions', valueKey: 'regionCode', textKey: 'regionName', childrenKey: 'tcRegionList' } as const;
const NO_PATH_VALUES = {};

/** Region tree: province, city, county from the region service; one field per level ("provinceCode|cityCode"). */
export function RegionWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<string[]>) {
  const { options, loading } = useRemoteOptions(REGION_REQUEST, NO_PATH_VALUES);
  return (
    <CascadePicker
      id={id}
      options={cutTree(options, levelDepth(field, REGION_DEPTH))}
      path={pathOf(value)}
      onPathChange={(path) => onChange(path.length > 0 ? (path as string[]) : undefined)}
      disabled={disabled}
      invalid={invalid}
      loading={loading}
      placeholder={field.placeholder ?? TEXT.form.regionLevels.slice(0, levelDepth(field, REGION_DEPTH)).join(' / ')}
    />
  );
}
