// The choices of a column (editItems, a dictionary or a remote request): the text a coded cell shows, the options of a
// select editor and of a checkbox or radio header filter. Remote lists load once and then refresh their column.
import type { Column } from '../../schemas/screen/screen.types';
import { session, type Option } from '../stores/session';
import { loadRemoteOptions } from '../widgets/useFieldOptions';

export class ColumnOptions {
  /** Remote option lists by column, once loaded. */
  private readonly remote = new Map<string, Option[]>();
  private readonly textMaps = new Map<string, { source: Option[]; texts: Map<string, string> }>();

  constructor(columns: Column[], onLoaded: (dataIndex: string) => void) {
    for (const column of columns) {
      if (!column.request || column.editItems) continue;
      loadRemoteOptions(column.request).then(
        (options) => {
          this.remote.set(column.dataIndex, options);
          onLoaded(column.dataIndex);
        },
        () => undefined,
      );
    }
  }

  hasChoices(column: Column): boolean {
    return Boolean(column.editItems || column.dict || column.request);
  }

  optionsOf(column: Column): Option[] {
    if (column.editItems) return column.editItems;
    if (column.dict) return session.dictionary(column.dict);
    if (column.request) return this.remote.get(column.dataIndex) ?? [];
    return [];
  }

  /** The text of a coded value (several for a multiple choice), or the value itself when no option matches. */
  textOf(column: Column, value: unknown): string {
    if (value === null || value === undefined || value === '') return '';
    const options = this.optionsOf(column);
    let entry = this.textMaps.get(column.dataIndex);
    if (!entry || entry.source !== options) {
      entry = { source: options, texts: new Map(options.map((o) => [String(o.value), o.text])) };
      this.textMaps.set(column.dataIndex, entry);
    }
    const texts = entry.texts;
    if (Array.isArray(value)) return value.map((v) => texts.get(String(v)) ?? String(v)).join('，');
    return texts.get(String(value)) ?? String(value);
  }
}
