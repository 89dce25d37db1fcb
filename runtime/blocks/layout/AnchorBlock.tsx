import { MenuOutlined, VerticalAlignBottomOutlined, VerticalAlignTopOutlined } from '@ant-design/icons';
import { Anchor, Button, Dropdown, Typography } from 'antd';
import { useId, useRef, useState } from 'react';
import { TEXT } from '../../../schemas/text/zh';
import type { BlockProps } from '../../screen/screenExtensions';
import { sectionId, showsAnchorControls } from './anchorScroll';

/**
 * Anchor-navigation layout: the sections scroll in their own pane; a floating 目录 button lists the sections and 回到顶部;
 * once the pane has scrolled more than 60 px an anchor bar of the sections and the 置顶 and 置底 buttons appear.
 */
export default function AnchorBlock({ block, renderBlocks }: BlockProps) {
  const pane = useRef<HTMLDivElement>(null);
  const key = useId().replace(/[^a-zA-Z0-9]/g, '');
  const [offset, setOffset] = useState(0);
  const sections = block.sections ?? [];
  const scrollTo = (top: number) => pane.current?.scrollTo({ top, behavior: 'smooth' });
  const toSection = (index: number) => {
    const target = document.getElementById(sectionId(key, index));
    if (target && pane.current) scrollTo(target.offsetTop - pane.current.offsetTop);
  };
  const controls = showsAnchorControls(offset);
  return (
    <div className="dms-anchor">
      {controls ? (
        <Anchor
          className="dms-anchor-bar"
          direction="horizontal"
          getContainer={() => pane.current ?? window}
          onClick={(e, link) => {
            e.preventDefault();
            toSection(Number(link.href.split('-').at(-1)));
          }}
          items={sections.map((s, i) => ({ key: String(i), href: `#${sectionId(key, i)}`, title: s.title }))}
        />
      ) : null}
      <div ref={pane} className="dms-anchor-pane" style={{ height: block.height ?? 600 }} onScroll={(e) => setOffset(e.currentTarget.scrollTop)}>
        {sections.map((section, i) => (
          <section key={i} id={sectionId(key, i)} className="dms-anchor-section">
            <Typography.Title level={5}>{section.title}</Typography.Title>
            {renderBlocks(section.blocks)}
          </section>
        ))}
      </div>
      <div className="dms-anchor-float">
        <Dropdown
          trigger={['click']}
          menu={{
            items: [...sections.map((s, i) => ({ key: String(i), label: s.title })), { type: 'divider' as const }, { key: 'top', label: TEXT.anchor.backToTop }],
            onClick: ({ key: clicked }) => (clicked === 'top' ? scrollTo(0) : toSection(Number(clicked))),
          }}
        >
          <Button shape="round" icon={<MenuOutlined />}>
            {TEXT.anchor.menu}
          </Button>
        </Dropdown>
        {controls ? (
          <>
            <Button shape="round" icon={<VerticalAlignTopOutlined />} onClick={() => scrollTo(0)}>
              {TEXT.anchor.top}
            </Button>
            <Button shape="round" icon={<VerticalAlignBottomOutlined />} onClick={() => scrollTo(pane.current?.scrollHeight ?? 0)}>
              {TEXT.anchor.bottom}
            </Button>
          </>
        ) : null}
      </div>
    </div>
  );
}
