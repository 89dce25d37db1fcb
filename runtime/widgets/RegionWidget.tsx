import { observer } from 'mobx-react-lite';
import { useEffect, useMemo } from 'react';
import { TEXT } from '../../schemas/text/zh';
import { dictionaries } from '../stores/dictionaries';
import { CascadePicker } from './CascaderWidget';
import { cutTree, levelDepth, pathOf } from './levels';
import { mapOptions } from './useFieldOptions';
import type { WidgetProps } from './widgetProps';

/** Province, city, county (back-office §3: regionCode, regionName, tcRegionList nested). */
export const REGION_DEPTH = 3;
const REGION_KEYS = { valueKey: 'regionCode', textKey: 'regionName', childrenKey: 'tcRegionList' } as const;

/**
 * Region tree: province, city, county, one field per level ("provinceCode|cityCode|countyCode"). The tree is the
 * app-wide one (building-blocks §4), loaded the first time a screen needs it.
 */
export const RegionWidget = observer(function RegionWidget({ id, field, value, onChange, disabled, invalid }: WidgetProps<string[]>) {
  useEffect(() => {
    // A failed load leaves the list empty (the http client has said why); the next region field asks again.
    dictionaries.loadRegions().catch(() => undefined);
  }, []);
  const regions = dictionaries.regions;
  const depth = levelDepth(field, REGION_DEPTH);
  const options = useMemo(() => cutTree(mapOptions(regions, REGION_KEYS), depth), [regions, depth]);
  return (
    <CascadePicker
      id={id}
      options={options}
      path={pathOf(value)}
      onPathChange={(path) => onChange(path.length > 0 ? (path as string[]) : undefined)}
      disabled={disabled}
      invalid={invalid}
      loading={regions.length === 0}
      placeholder={field.placeholder ?? TEXT.form.regionLevels.slice(0, depth).join(' / ')}
    />
  );
});
