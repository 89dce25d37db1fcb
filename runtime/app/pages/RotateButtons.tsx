import { RotateLeftOutlined, RotateRightOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { TEXT } from '../../../schemas/text/zh';
import { rotate } from './previewImage';

/** 向左旋转 and 向右旋转: quarter turns of a previewed image (the preview page and the preview dialog). */
export function RotateButtons({ onRotate }: { onRotate(turn: (angle: number) => number): void }) {
  return (
    <>
      <Button icon={<RotateLeftOutlined />} onClick={() => onRotate((a) => rotate(a, -1))}>
        {TEXT.preview.rotateLeft}
      </Button>
      <Button icon={<RotateRightOutlined />} onClick={() => onRotate((a) => rotate(a, 1))}>
        {TEXT.preview.rotateRight}
      </Button>
    </>
  );
}
