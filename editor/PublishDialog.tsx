// Publishing: a saved version becomes what staff see, and the chosen menu leaf opens this screen.
import { Form, Modal, Select } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../runtime/app/feedback';
import { designer, type PublishableMenu, type ScreenVersion } from './api';
import { EDITOR_TEXT } from './text';

const T = EDITOR_TEXT.publish;

export function PublishDialog({ screenId, latestVersion, onClose }: { screenId: string; latestVersion: number; onClose: (published?: number) => void }) {
  const [menus, setMenus] = useState<PublishableMenu[]>([]);
  const [versions, setVersions] = useState<ScreenVersion[]>([]);
  const [menuId, setMenuId] = useState<string | undefined>(undefined);
  const [version, setVersion] = useState(latestVersion);

  useEffect(() => {
    void designer.menus().then((list) => {
      setMenus(list);
      setMenuId((current) => current ?? list.find((menu) => menu.component === `screen:${screenId}`)?.id);
    });
    void designer.versions(screenId).then(setVersions);
  }, [screenId]);

  const publish = async () => {
    if (!menuId) {
      feedback().message.warning(T.menuRequired);
      return;
    }
    const result = await designer.publish(screenId, version, menuId);
    feedback().message.success(T.done(result.menuTitle, version));
    onClose(version);
  };

  return (
    <Modal open title={T.title} okText={EDITOR_TEXT.editor.ok} cancelText={EDITOR_TEXT.editor.cancel} onOk={publish} onCancel={() => onClose()} destroyOnHidden>
      <Form layout="vertical">
        <Form.Item label={T.menu} required>
          <Select
            aria-label={T.menu}
            value={menuId}
            onChange={setMenuId}
            showSearch={{ optionFilterProp: 'label' }}
            options={menus.map((menu) => ({ value: menu.id, label: `${menu.title}（${menu.id}）· ${T.opens(menu.component)}` }))}
          />
        </Form.Item>
        <Form.Item label={T.version} required>
          <Select
            aria-label={T.version}
            value={version}
            onChange={setVersion}
            options={versions.map((v) => ({ value: v.version, label: `${v.version} · ${v.authorName} · ${v.createdAt}${v.comment ? ` · ${v.comment}` : ''}` }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
