import { Select } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ComponentType } from 'react';
import { selectOptions } from './optionLabel';
import type { FieldOption } from './useFieldOptions';
import { statusOf } from './widgetProps';

type Path = (string | number)[];

/** Loads one level's options: the first level, or the children of the value chosen on the level above. */
export type LevelOptionsHook = (level: number, path: Path) => { options: FieldOption[]; loading: boolean };

interface LevelSelectsProps {
  id: string;
  depth: number;
  placeholders: string[];
  path: Path;
  onPathChange(path: Path): void;
  disabled: boolean;
  invalid: boolean;
  useLevelOptions: LevelOptionsHook;
}

/** One select per level side by side; choosing on a level clears the levels below it. */
export function LevelSelects(props: LevelSelectsProps) {
  return (
    <div className="dms-levels">
      {Array.from({ length: props.depth }, (_, level) => (
        <LevelSelect key={level} level={level} {...props} />
      ))}
    </div>
  );
}

const LevelSelect: ComponentType<LevelSelectsProps & { level: number }> = observer(function LevelSelect(props: LevelSelectsProps & { level: number }) {
  const { level, path, useLevelOptions } = props;
  const { options, loading } = useLevelOptions(level, path);
  const waiting = level > 0 && path[level - 1] === undefined;
  return (
    <Select
      id={level === 0 ? props.id : `${props.id}_${level}`}
      className="dms-level"
      status={statusOf(props.invalid)}
      value={path[level]}
      options={selectOptions(options)}
      loading={loading && !waiting}
      disabled={props.disabled || waiting}
      placeholder={props.placeholders[level]}
      allowClear
      showSearch={{ optionFilterProp: 'title' }}
      popupMatchSelectWidth={false}
      onChange={(value: string | number | undefined) => props.onPathChange(value === undefined ? path.slice(0, level) : [...path.slice(0, level), value])}
    />
  );
});
