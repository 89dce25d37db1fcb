// The import button's action: opens the import dialog (the caller's action path, status path and template), and
// reloads the table after a successful import.
import { feedback } from '../app/feedback';
import { TEXT } from '../../schemas/text/zh';
import type { ActionHandler } from '../screen/screenExtensions';
import { ImportPanel } from './ImportPanel';

export const importExcel: ActionHandler = (action, { store }) =>
  new Promise<void>((resolve) => {
    const dialog = feedback().modal.info({
      title: action.title ?? TEXT.import.title,
      icon: null,
      width: 640,
      closable: false,
      footer: null,
      content: (
        <ImportPanel
          api={action.api!}
          statusApi={action.statusApi!}
          templateApi={action.templateApi}
          onClose={(imported) => {
            dialog.destroy();
            if (imported) void store.reload();
            resolve();
          }}
        />
      ),
    });
  });
