import { waitFor } from '@testing-library/react';
import { runInAction } from 'mobx';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DmsDrawer } from '../../runtime/blocks/drawer/DmsDrawer';
import { session } from '../../runtime/stores/session';
import { renderInApp } from './renderInApp';

// The watermark a drawer carries, as drawn: jsdom has no canvas, so a recording 2d context stands in. Every text line
// measures 100 x 20; the watermark tile is then the mark turned by the tilt, with the gap added on each side.
const LINE = { width: 100, height: 20 };

function recordCanvas() {
  const rotations: number[] = [];
  const texts: string[] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(
    () =>
      ({
        save() {},
        translate() {},
        rotate: (angle: number) => void rotations.push(angle),
        drawImage() {},
        fillText: (text: string) => void texts.push(text),
        measureText: () => ({ width: LINE.width, fontBoundingBoxAscent: LINE.height, fontBoundingBoxDescent: 0 }),
      }) as unknown as CanvasRenderingContext2D,
  );
  vi.spyOn(HTMLCanvasElement.prototype, 'toDataURL').mockReturnValue('data:image/png;base64,AAAA');
  return { rotations, texts };
}

describe("the drawer's watermark", () => {
  beforeEach(() => runInAction(() => (session.user = { employeeName: '梁杰', employeeNo: 'E1001', userId: 1 } as never)));
  afterEach(() => {
    runInAction(() => (session.user = null));
    vi.restoreAllMocks();
  });

  it('[BB-DRAWER-08] [BO-CONST-11] [BO-CONST-12] draws the name and employee number tilted 25 degrees, tiles 120 px apart', async () => {
    const { rotations, texts } = recordCanvas();
    renderInApp(
      <DmsDrawer open title="详情" onClose={() => undefined}>
        正文
      </DmsDrawer>,
    );
    const mark = await waitFor(() => {
      const found = [...document.querySelectorAll<HTMLElement>('.ant-drawer .dms-watermark > div')].find((div) => div.style.backgroundImage.includes('data:image/png'));
      expect(found).toBeTruthy();
      return found!;
    });
    expect(texts).toEqual(['梁杰', 'E1001']);
    expect(rotations).toEqual([(-25 * Math.PI) / 180]);
    // Two lines (name, employee number) 3 px apart: the mark is 100 x 43; turned by 25 degrees it spans cutWidth; the
    // tile holds two marks side by side, each followed by the 120 px gap.
    const angle = (25 * Math.PI) / 180;
    const markHeight = 2 * LINE.height + 3;
    const cutWidth = LINE.width * Math.cos(angle) + markHeight * Math.sin(angle);
    expect(parseFloat(mark.style.backgroundSize)).toBe(Math.floor((cutWidth + 120) * 2));
  });
});
