// The definition a new model starts from in the editor: the required parts and one field, for the configurator to
// extend (completion and hover come from the model schema). Owner scope: a dealer's records are its own.
import { formatScreen } from '../schemas/screen/formatScreen';

export function newModelText(name: string, title: string, service: string): string {
  const definition = {
    $schema: '../../schemas/model.schema.json',
    name,
    title,
    service,
    path: `${name}s`,
    scope: 'owner',
    titleField: 'code',
    fields: [{ name: 'code', label: '编号', type: 'string', length: 30, required: true, unique: 'owner' }],
  };
  return formatScreen(definition);
}
