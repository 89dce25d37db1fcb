import { fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../runtime/http/credentials';
import { ImageUploader, type UploadEntry } from '../../runtime/upload/ImageUploader';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';

// What the image uploader sends for a chosen photo, with the product's own scaling (nothing of imageConvert mocked).
// jsdom neither decodes nor draws images: an Image that "loads" at 1500 x 1200 and a 2d context that records what is
// drawn stand in, so the test sees the canvas the upload is encoded from and how it is encoded.

class LoadingImage {
  naturalWidth = 1500;
  naturalHeight = 1200;
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  set src(_: string) {
    setTimeout(() => this.onload?.(), 0);
  }
}

function recordCanvas() {
  const ops: unknown[][] = [];
  vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
    const canvas = this;
    let fill = '#000000';
    return {
      set fillStyle(value: string) {
        fill = value;
      },
      get fillStyle() {
        return fill;
      },
      fillRect: (...args: number[]) => void ops.push(['fillRect', fill, ...args]),
      drawImage: (...args: unknown[]) => void ops.push(['drawImage', canvas.width, canvas.height, ...args.slice(1)]),
    } as unknown as CanvasRenderingContext2D;
  } as never);
  vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation(function (this: HTMLCanvasElement, done: BlobCallback, type?: string, quality?: number) {
    ops.push(['toBlob', this.width, this.height, type, quality]);
    done(new Blob(['encoded'], { type }));
  });
  return ops;
}

function Images() {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  return <ImageUploader entries={entries} onChange={setEntries} />;
}

describe('the image sent for a chosen photo', () => {
  beforeEach(() => {
    setToken('token-123');
    URL.createObjectURL = vi.fn(() => 'blob:chosen');
    URL.revokeObjectURL = vi.fn();
    vi.stubGlobal('Image', LoadingImage);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('[BO-IMG-15] [BO-IMG-16] [BO-IMG-17] [BO-IMG-18] is the photo drawn 750 px wide on white and encoded as a jpg at quality 0.92', async () => {
    const ops = recordCanvas();
    const server = fakeServer({ 'POST /api/file/image': ok('/api/file/preview/scaled'), 'GET /openapi/file/preview/scaled': new Blob(['jpg']) });
    renderInApp(<Images />);
    // A png with transparency: on white it turns white, not black.
    fireEvent.change(screen.getByTestId('image-upload-input'), { target: { files: [new File([new Uint8Array([0x89, 0x50])], '车头.png', { type: 'image/png' })] } });
    const post = await waitFor(() => {
      const found = server.calls.find((c) => c.method === 'POST' && c.url === '/api/file/image');
      expect(found).toBeTruthy();
      return found!;
    });
    expect(ops).toEqual([
      ['fillRect', '#ffffff', 0, 0, 750, 600],
      ['drawImage', 750, 600, 0, 0, 750, 600],
      ['toBlob', 750, 600, 'image/jpeg', 0.92],
    ]);
    const sent = (post.data as FormData).getAll('file') as File[];
    expect(sent).toHaveLength(1);
    // The encoded canvas itself (7 bytes here), not the chosen file.
    expect([sent[0]!.name, sent[0]!.type, sent[0]!.size]).toEqual(['车头.jpg', 'image/jpeg', 'encoded'.length]);
  });
});
