import { screen as view, waitFor } from '@testing-library/react';
import { observer } from 'mobx-react-lite';
import { afterEach, describe, expect, it } from 'vitest';
import type { BlockProps } from '../../runtime/screen/screenExtensions';
import { addExtensions } from './screenExtensionsHarness';
import type { Screen } from '../../schemas/screen/screen.types';
import { ScreenView } from '../../runtime/screen/ScreenView';
import { renderInApp } from './renderInApp';

const SelectedRow = observer(function SelectedRow({ block, store }: BlockProps) {
  return (
    <div data-testid="probe">
      {block.type}:{store.screen.id}:{String(store.selection[0]?.processId ?? '无')}:{store.can(block.permission) ? '可保存' : '只读'}
    </div>
  );
});

describe('layout blocks on a screen', () => {
  let restore: () => void = () => undefined;
  afterEach(() => restore());

  it('renders each block in order, with its title, through the block registry', async () => {
    restore = addExtensions({ blocks: { 'test-probe': { component: SelectedRow } } });
    const screen: Screen = {
      id: 'test.blocks',
      title: '区块',
      service: 'workflow',
      permissions: { save: 'POST_workflow_definition/save' },
      blocks: [
        { type: 'test-probe', title: '第一个区块', permission: 'save' },
        { type: 'test-probe', permission: 'save' },
      ],
    };
    renderInApp(<ScreenView screen={screen} grantedKeys={['POST_workflow_definition/save']} />);
    await waitFor(() => expect(view.getAllByTestId('probe')).toHaveLength(2));
    expect(view.getAllByTestId('probe').map((p) => p.textContent)).toEqual(['test-probe:test.blocks:无:可保存', 'test-probe:test.blocks:无:可保存']);
    expect(view.getByText('第一个区块')).toBeTruthy();
    expect([...document.querySelectorAll('.dms-screen > .dms-block')].map((el) => el.getAttribute('data-block-type'))).toEqual(['test-probe', 'test-probe']);
  });
});
