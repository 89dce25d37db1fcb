import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { createRef, useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setRuntimeConfig } from '../../runtime/config/runtimeConfig';
import { http } from '../../runtime/http/client';
import { setToken } from '../../runtime/http/credentials';
import runtimeConfigJson from '../../runtime/public/config.json';
import type { ChunkTransport } from '../../runtime/upload/breakpointUploader';
import { AuthFrame, AuthImage, AuthPdf } from '../../runtime/upload/AuthViewers';
import { BreakpointUploader } from '../../runtime/upload/BreakpointUploader';
import { Cropper, type CropperHandle } from '../../runtime/upload/Cropper';
import { FileUploader } from '../../runtime/upload/FileUploader';
import { ImagePreviewDialog } from '../../runtime/upload/ImagePreviewDialog';
import { ImageUploader, type UploadEntry } from '../../runtime/upload/ImageUploader';
import { ImageUploadDialog } from '../../runtime/upload/ImageUploadDialog';
import { downloadAddress, downloadFile, fetchPreview, fileNameFromDisposition } from '../../runtime/upload/transfer';
import { fakeServer, ok } from './fakeServer';
import { renderInApp } from './renderInApp';
import { appeared } from './appeared';

// jsdom cannot decode or draw images: the 750 px scaling is proven on a recorded canvas (tests/unit/uploadRules.test.ts)
// and in Chromium (tests/e2e/uploads.test.ts); here it hands the chosen file through.
vi.mock('../../runtime/upload/imageConvert', async (original) => ({ ...(await original<object>()), scaleForUpload: async (blob: Blob) => blob }));

const KEYS = { key: 'component-test-key', openApi: { accessKey: 'dms-web', secret: 'component-open-secret' } };
const png = (name = '车头.png') => new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], name, { type: 'image/png' });
const sized = (name: string, size: number) => {
  const file = new File(['x'], name);
  Object.defineProperty(file, 'size', { value: size });
  return file;
};
const choose = (testId: string, ...files: File[]) => fireEvent.change(screen.getByTestId(testId), { target: { files } });
const formField = (data: unknown, name: string) => (data as FormData).getAll(name);

function Images(props: { limit?: number; types?: string[]; crop?: boolean; onError?(m: string): void; action?: string }) {
  const [entries, setEntries] = useState<UploadEntry[]>([]);
  return <ImageUploader entries={entries} onChange={setEntries} {...props} />;
}

function Files(props: Omit<Parameters<typeof FileUploader>[0], 'entries' | 'onChange'> & { initial?: UploadEntry[] }) {
  const [entries, setEntries] = useState<UploadEntry[]>(props.initial ?? []);
  return (
    <>
      <FileUploader {...props} entries={entries} onChange={setEntries} />
      <output data-testid="entries">{JSON.stringify(entries)}</output>
    </>
  );
}

beforeEach(() => {
  setRuntimeConfig({ ...runtimeConfigJson, signing: { ...runtimeConfigJson.signing, ...KEYS } });
  setToken('token-123');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => setRuntimeConfig(runtimeConfigJson));

describe('image upload', () => {
  it('[BO-IMG-05][BO-IMG-06][BO-IMG-09] a disallowed type warns 请上传！jpg/png/bmp格式的图片, clears the selection and sends nothing; the hint names the formats', async () => {
    const server = fakeServer({});
    renderInApp(<Images />);
    expect(screen.getByText('只能上传jpg/png/bmp格式的图片')).toBeTruthy();
    const input = screen.getByTestId('image-upload-input') as HTMLInputElement;
    choose('image-upload-input', new File(['GIF8'], 'a.gif'));
    expect(await screen.findByText('请上传！jpg/png/bmp格式的图片')).toBeTruthy();
    expect(input.value).toBe('');
    expect(server.calls).toHaveLength(0);
  });

  it('[BO-IMG-03] without types of its own takes jpg (and jpeg), png and bmp, and nothing else', async () => {
    const server = fakeServer({});
    renderInApp(<Images limit={9} />);
    const input = screen.getByTestId('image-upload-input') as HTMLInputElement;
    expect(input.accept.split(',').sort()).toEqual(['.bmp', '.jpeg', '.jpg', '.png']);
    for (const name of ['a.gif', 'a.webp', 'a.tiff']) choose('image-upload-input', new File(['x'], name));
    expect(server.calls).toHaveLength(0);
    for (const name of ['车头.jpg', '车尾.jpeg', '侧面.png', '仪表.bmp']) choose('image-upload-input', new File(['x'], name));
    await waitFor(() => expect(server.calls.filter((c) => c.method === 'POST')).toHaveLength(4));
  });

  it('[BO-IMG-01][BO-IMG-02][BO-IMG-14][BO-IMG-19][BO-PREV-03] the chosen image is posted in the field file, its URL joins the 148 px thumbnails and the add tile goes at the limit', async () => {
    const server = fakeServer({
      'POST /api/repair/photos/image': ok('/api/file/preview/0123456789abcdef0123456789abcdef'),
      'GET /openapi/file/preview/0123456789abcdef0123456789abcdef': new Blob(['png']),
    });
    const { container } = renderInApp(<Images action="repair:POST photos/image" />);
    expect(container.querySelector('.dms-image-add')).not.toBeNull();
    choose('image-upload-input', png());
    // Upload, then the thumbnail's own authenticated fetch: a chain of requests, slow on a loaded machine.
    await waitFor(() => expect(container.querySelector('.dms-image-tile img')).not.toBeNull(), { timeout: 5000 });
    const post = server.calls.find((c) => c.method === 'POST')!;
    expect(post.url).toBe('/api/repair/photos/image');
    expect((formField(post.data, 'file')[0] as File).name).toBe('车头.jpg');
    expect(container.querySelector('.dms-image-add')).toBeNull();
    const tile = container.querySelector<HTMLElement>('.dms-image-tile')!;
    expect([tile.style.width, tile.style.height]).toEqual(['148px', '148px']);
  });

  it('[BO-IMG-08] with crop on, the chosen image opens the cropper at 5:4 before any upload', async () => {
    const server = fakeServer({});
    renderInApp(<Images crop />);
    choose('image-upload-input', png());
    const cropper = await appeared(() => document.querySelector<HTMLElement>('.dms-cropper'), 'the cropper');
    expect(cropper.dataset.box).toBe('300x240');
    expect(server.calls).toHaveLength(0);
  });

  it('an image upload failure shows the server errMsg, else 图片上传失败！, and emits an error event', async () => {
    fakeServer({ 'POST /api/file/image': { resultCode: 400, errMsg: '只能上传图片', data: null } });
    const errors: string[] = [];
    renderInApp(<Images onError={(m) => errors.push(m)} />);
    choose('image-upload-input', png());
    expect(await screen.findByText('只能上传图片', {}, { timeout: 5000 })).toBeTruthy();
    expect(errors).toEqual(['只能上传图片']);
  });

  it('[BO-PREV-01][BO-PREV-02] the preview dialog turns the image in 90-degree steps that wrap at 360', async () => {
    fakeServer({ 'GET /openapi/file/preview/0123456789abcdef0123456789abcdef': new Blob(['png']) });
    renderInApp(<ImagePreviewDialog src="/api/file/preview/0123456789abcdef0123456789abcdef" name="车头.jpg" onClose={() => undefined} />);
    const stage = await appeared(() => document.querySelector<HTMLElement>('.dms-preview-stage'), 'the preview');
    const right = screen.getByRole('button', { name: /向右旋转/ });
    const angles: string[] = [];
    for (let i = 0; i < 4; i++) {
      fireEvent.click(right);
      angles.push(stage.dataset.angle!);
    }
    expect(angles).toEqual(['90', '180', '270', '0']);
    fireEvent.click(screen.getByRole('button', { name: /向左旋转/ }));
    expect(stage.dataset.angle).toBe('270');
  });

  it('[BB-UP-24][BB-UP-25] the image-upload dialog reads 上传图片 with 取 消 and 确 定 and allows 20 images', async () => {
    const confirmed: UploadEntry[][] = [];
    renderInApp(<ImageUploadDialog open onCancel={() => undefined} onConfirm={(e) => confirmed.push(e)} />);
    expect(await screen.findByText('上传图片')).toBeTruthy();
    expect(screen.getByRole('button', { name: '取 消' })).toBeTruthy();
    // 20 images: the add tile stays until twenty are in the list.
    expect(document.querySelector('.dms-image-add')).not.toBeNull();
    fireEvent.click(screen.getByRole('button', { name: '确 定' }));
    expect(confirmed).toEqual([[]]);
  });
});

describe('cropper', () => {
  it('[BB-CROP-01][BB-CROP-02][BB-CROP-03][BB-CROP-04][BB-CROP-05][BB-CROP-09][BB-CROP-10] has zoom in, zoom out, both rotations and upload, and emits image-load success or error', () => {
    const events: string[] = [];
    const { container } = renderInApp(<Cropper src="blob:x" onImgLoad={(s) => events.push(s)} />);
    const root = container.querySelector<HTMLElement>('.dms-cropper')!;
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    expect(root.dataset.scale).toBe('1.1');
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    fireEvent.click(screen.getByRole('button', { name: '缩小' }));
    expect(root.dataset.scale).toBe('0.9');
    fireEvent.click(screen.getByRole('button', { name: '顺时针旋转' }));
    expect(root.dataset.rotate).toBe('1');
    fireEvent.click(screen.getByRole('button', { name: '逆时针旋转' }));
    fireEvent.click(screen.getByRole('button', { name: '逆时针旋转' }));
    expect(root.dataset.rotate).toBe('-1');
    expect(screen.getByRole('button', { name: /上传/ })).toBeTruthy();
    expect(root.dataset.box).toBe('300x200');
    const image = container.querySelector('img')!;
    fireEvent.load(image);
    fireEvent.error(image);
    expect(events).toEqual(['success', 'error']);
  });
});

describe('the crop', () => {
  /** A 2d context that records what is drawn; jsdom has no canvas. */
  function recordCanvas() {
    const drawn: { width: number; height: number; ops: unknown[][] }[] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockImplementation(function (this: HTMLCanvasElement) {
      const entry = { width: this.width, height: this.height, ops: [] as unknown[][] };
      drawn.push(entry);
      const op = (name: string) => (...args: unknown[]) => void entry.ops.push([name, ...args]);
      return { fillRect: op('fillRect'), translate: op('translate'), scale: op('scale'), rotate: op('rotate'), drawImage: op('drawImage'), set fillStyle(_: string) {} } as unknown as CanvasRenderingContext2D;
    } as never);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback, type?: string) => done(new Blob(['jpeg'], { type })));
    return drawn;
  }
  afterEach(() => vi.restoreAllMocks());

  it('[BB-CROP-06] keeps the 300 x 200 crop box while the image is zoomed and turned, and the crop is that box at the scale kept', async () => {
    const drawn = recordCanvas();
    const cropper = createRef<CropperHandle>();
    const { container } = renderInApp(<Cropper ref={cropper} src="blob:x" />);
    const image = container.querySelector<HTMLImageElement>('.dms-cropper-image')!;
    Object.defineProperties(image, { naturalWidth: { value: 1200 }, naturalHeight: { value: 800 } });
    fireEvent.load(image);
    const box = container.querySelector<HTMLElement>('.dms-cropper-box')!;
    // 1200 x 800 is first shown at 0.25 so that it covers the box: the crop is the box at the image's resolution.
    expect(image.style.transform).toContain('scale(0.25)');
    expect([box.style.width, box.style.height]).toEqual(['300px', '200px']);
    await act(async () => void (await cropper.current!.crop()));
    expect(drawn.at(-1)).toMatchObject({ width: 1200, height: 800 });
    fireEvent.click(screen.getByRole('button', { name: '放大' }));
    fireEvent.click(screen.getByRole('button', { name: '顺时针旋转' }));
    expect([box.style.width, box.style.height]).toEqual(['300px', '200px']);
    expect(cropper.current!.state()).toMatchObject({ scale: 1.1, rotate: 1 });
    // Turned, the image covers the box at 0.375 (800 across); zoomed in by 0.1 the box takes less of it.
    await act(async () => void (await cropper.current!.crop()));
    const last = drawn.at(-1)!;
    expect([last.width, last.height]).toEqual([Math.round(300 / 0.375 / 1.1), Math.round(200 / 0.375 / 1.1)]);
    expect(last.ops).toContainEqual(['rotate', Math.PI / 2]);
    expect(last.ops.find((op) => op[0] === 'drawImage')!.slice(2)).toEqual([-600, -400]);
  });

  it('[BB-CROP-11] [BB-CROP-12] [BB-CROP-13] [BB-CROP-14] [BB-CROP-15] a 1.5:1 box by default, 300 x 300 for a square ratio, a crop at most 2000 px a side, as a jpeg of quality 1', async () => {
    const drawn = recordCanvas();
    const encoded: unknown[][] = [];
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done: BlobCallback, type?: string, quality?: number) => {
      encoded.push([type, quality]);
      done(new Blob(['jpeg'], { type }));
    });
    const boxOf = (container: HTMLElement) => {
      const box = container.querySelector<HTMLElement>('.dms-cropper-box')!;
      return [box.style.width, box.style.height];
    };
    const square = renderInApp(<Cropper src="blob:square" ratio={[1, 1]} />);
    expect(boxOf(square.container)).toEqual(['300px', '300px']);
    square.unmount();
    // A 6000 x 4000 photo fills the default box at its own resolution (6000 x 4000), more than 2000 px a side.
    const cropper = createRef<CropperHandle>();
    const { container } = renderInApp(<Cropper ref={cropper} src="blob:large" />);
    expect(boxOf(container)).toEqual(['300px', '200px']);
    const image = container.querySelector<HTMLImageElement>('.dms-cropper-image')!;
    Object.defineProperties(image, { naturalWidth: { value: 6000 }, naturalHeight: { value: 4000 } });
    fireEvent.load(image);
    const blob = await act(async () => cropper.current!.crop());
    expect(drawn.at(-1)).toMatchObject({ width: 2000, height: 1333 });
    expect(encoded).toEqual([['image/jpeg', 1]]);
    expect(blob.type).toBe('image/jpeg');
  });
});

describe('file upload and the shared upload button', () => {
  it('[BO-UP-19][BO-UP-21] one file goes in the field file and its value is data.uid with the name', async () => {
    const server = fakeServer({ 'POST /api/file/upload': ok({ uid: 'abc', name: '合同.pdf', url: '/api/file/download/abc' }) });
    renderInApp(<Files flavour="general" />);
    choose('file-upload-input', new File(['%PDF'], '合同.pdf'));
    await waitFor(() => expect(screen.getByTestId('entries').textContent).toBe(JSON.stringify([{ name: '合同.pdf', url: 'abc' }])), { timeout: 5000 });
    expect(formField(server.calls[0]!.data, 'file')).toHaveLength(1);
  });

  it('[BO-UP-20][BO-UP-22] with several files each goes in the field files and the value is data[0].url', async () => {
    const server = fakeServer({ 'POST /api/file/uploads': (call) => ok([{ uid: 'u', url: `/api/file/download/${(formField(call.data, 'files')[0] as File).name}` }]) });
    renderInApp(<Files flavour="general" limit={3} />);
    choose('file-upload-input', new File(['a'], 'a.txt'), new File(['b'], 'b.txt'));
    await waitFor(() => expect(JSON.parse(screen.getByTestId('entries').textContent!)).toEqual([{ name: 'a.txt', url: '/api/file/download/a.txt' }, { name: 'b.txt', url: '/api/file/download/b.txt' }]), { timeout: 5000 });
    expect(server.calls.map((c) => formField(c.data, 'file').length)).toEqual([0, 0]);
  });

  it('[BO-UP-01][BO-UP-03] an oversize file is refused before sending with its message', async () => {
    const server = fakeServer({});
    renderInApp(<Files flavour="general" />);
    choose('file-upload-input', sized('video.zip', 51 * 1024 * 1024));
    expect(await screen.findByText('上传文件大小不能超过50MB!')).toBeTruthy();
    choose('file-upload-input', sized('photo.png', 11 * 1024 * 1024));
    expect(await screen.findByText('照片不能超过10MB')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('[BO-UP-15][BB-UP-11][BB-UP-12] over the file limit: the tip text, or a maximum-files warning', async () => {
    fakeServer({});
    const { unmount } = renderInApp(<Files flavour="button" initial={[{ name: 'a.pdf', url: 'a' }]} />);
    choose('file-upload-input', new File(['x'], 'b.pdf'));
    expect(await screen.findByText('最多只能上传1个文件')).toBeTruthy();
    unmount();
    renderInApp(<Files flavour="button" tip="只能上传一份合同" initial={[{ name: 'a.pdf', url: 'a' }]} />);
    choose('file-upload-input', new File(['x'], 'b.pdf'));
    expect(await screen.findByText('只能上传一份合同')).toBeTruthy();
  });

  it('[BO-UP-12][BO-UP-14][BB-UP-07][BB-UP-09] the shared button shows its hint and refuses another type', async () => {
    const server = fakeServer({});
    renderInApp(<Files flavour="button" />);
    expect(screen.getByText('只能上传 jpg, png, pdf, xls, xlsx 格式，文件大小不超过5M')).toBeTruthy();
    choose('file-upload-input', new File(['x'], 'a.docx'));
    expect(await screen.findByText('上传的文件只能是 jpg, png, pdf, xls, xlsx 格式！')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
  });

  it('[BO-UP-17][BB-UP-10] an answer with returnCode "0" succeeds', async () => {
    fakeServer({ 'POST /api/file/upload': { returnCode: '0', data: { uid: 'r0' } } });
    renderInApp(<Files flavour="button" />);
    choose('file-upload-input', new File(['x'], 'a.PDF'));
    await waitFor(() => expect(screen.getByTestId('entries').textContent).toContain('r0'), { timeout: 5000 });
  });

  it('[BO-UP-18][BB-UP-13][BB-UP-14][BB-UP-16] a failed upload shows the server errMsg, else 文件上传失败！, and emits an error event', async () => {
    let answer: object = { resultCode: 400, errMsg: '上传文件类型不支持!', data: null };
    fakeServer({ 'POST /api/file/upload': () => answer });
    const errors: string[] = [];
    renderInApp(<Files flavour="general" onError={(m) => errors.push(m)} />);
    choose('file-upload-input', new File(['x'], 'a.pdf'));
    expect(await screen.findByText('上传文件类型不支持!', {}, { timeout: 5000 })).toBeTruthy();
    answer = { resultCode: 300, data: null };
    choose('file-upload-input', new File(['x'], 'b.pdf'));
    expect(await screen.findByText('文件上传失败！', {}, { timeout: 5000 })).toBeTruthy();
    expect(errors).toEqual(['上传文件类型不支持!', '文件上传失败！']);
    expect(screen.getByTestId('entries').textContent).toBe('[]');
  });

  it('[BB-UP-19][BB-UP-20][BB-UP-21][BB-UP-22] a configured action gets the params as form data, with credentials and signed headers', async () => {
    const configs: InternalAxiosRequestConfig[] = [];
    const server = fakeServer({ 'POST /api/repair/attachments': ok({ uid: 'x1' }) });
    const adapter = http.defaults.adapter as AxiosAdapter;
    http.defaults.adapter = (config) => {
      configs.push(config);
      return adapter(config);
    };
    renderInApp(<Files flavour="general" action="repair:POST attachments" params={{ roNo: 'RO2026', kind: 3 }} />);
    choose('file-upload-input', new File(['x'], 'a.pdf'));
    await waitFor(() => expect(server.calls).toHaveLength(1), { timeout: 5000 });
    const call = server.calls[0]!;
    expect(formField(call.data, 'roNo')).toEqual(['RO2026']);
    expect(formField(call.data, 'kind')).toEqual(['3']);
    expect(configs[0]!.withCredentials).toBe(true);
    expect(call.headers.signature).toMatch(/^[0-9a-f]{64}$/);
    expect(call.headers.Authorization).toBe('Bearer token-123');
  });
});

describe('download and authenticated preview', () => {
  function blobServer(answer: (url: string) => { data: unknown; headers?: Record<string, string>; status?: number }) {
    const urls: string[] = [];
    const headers: Record<string, string>[] = [];
    http.defaults.adapter = async (config) => {
      urls.push(config.url ?? '');
      headers.push(config.headers.toJSON(true) as Record<string, string>);
      const { data, headers: h = {}, status = 200 } = answer(config.url ?? '');
      return { data, status, statusText: 'OK', headers: h, config };
    };
    return { urls, headers };
  }

  it('[BO-DL-01][BO-DL-02][BO-DL-03][BB-UP-29][BB-UP-30][BB-UP-31] GETs the file as a blob (preview for jpg and png) and saves it under the content-disposition name', async () => {
    const server = blobServer(() => ({ data: new Blob(['bytes']), headers: { 'content-disposition': `attachment; filename="__.pdf"; filename*=UTF-8''${encodeURIComponent('维修合同.pdf')}` } }));
    const clicked: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download);
    });
    expect(await downloadFile('0123456789abcdef0123456789abcdef', 'x.pdf')).toBeUndefined();
    expect(server.urls[0]).toBe('/api/file/download/0123456789abcdef0123456789abcdef');
    expect(clicked).toEqual(['维修合同.pdf']);
    await downloadFile('/api/file/download/0123456789abcdef0123456789abcdef', '车头.png');
    expect(server.urls[1]).toBe('/api/file/preview/0123456789abcdef0123456789abcdef');
    expect(downloadAddress('/api/file/download/u', 'a.jpg')).toBe('/api/file/preview/u');
    expect(downloadAddress('/api/file/download/u', 'a.pdf')).toBe('/api/file/download/u');
    expect(fileNameFromDisposition('attachment; filename="plain.txt"')).toBe('plain.txt');
    click.mockRestore();
  });

  it('[BO-DL-04][BB-UP-32][BB-UP-15] a failed download shows the server errMsg, else 文件下载失败！ or 图片下载失败！', async () => {
    let body: object = { resultCode: 404, errMsg: '记录不存在或无权访问', data: null };
    blobServer(() => ({ data: new Blob([JSON.stringify(body)], { type: 'application/json' }) }));
    expect(await downloadFile('0123456789abcdef0123456789abcdef', 'a.pdf')).toBe('记录不存在或无权访问');
    body = { resultCode: 404, data: null };
    expect(await downloadFile('0123456789abcdef0123456789abcdef', 'a.pdf')).toBe('文件下载失败！');
    expect(await downloadFile('0123456789abcdef0123456789abcdef', 'a.png')).toBe('图片下载失败！');
  });

  it('[BO-DL-05][BO-DL-06][BO-DL-07][BO-DL-08][BB-UP-33][BB-UP-34][BB-UP-35][BB-UP-36] the authenticated preview GETs {open api}/file/preview/{uid} as a blob with the bearer, X-Sdk-Date and the signature', async () => {
    const server = blobServer(() => ({ data: new Blob(['img'], { type: 'image/png' }) }));
    const blob = await act(() => fetchPreview('0123456789abcdef0123456789abcdef'));
    expect(blob).toBeInstanceOf(Blob);
    expect(server.urls[0]).toBe('/openapi/file/preview/0123456789abcdef0123456789abcdef');
    expect(server.headers[0]!.Authorization).toBe('Bearer token-123');
    expect(server.headers[0]!['X-Sdk-Date']).toMatch(/^\d{8}T\d{6}Z$/);
    expect(server.headers[0]!['X-Sdk-Authorization']).toMatch(/^SDK-HMAC-SHA256 Access=dms-web, SignedHeaders=.*, Signature=[0-9a-f]{64}$/);
  });

  it('[BO-BLK-12][BO-BLK-13][BO-BLK-14] the authenticated image, PDF and frame viewers show a stored file from a blob: URL fetched with the signed preview', async () => {
    const uid = '0123456789abcdef0123456789abcdef';
    const server = blobServer(() => ({ data: new Blob(['file'], { type: 'application/pdf' }) }));
    const view = renderInApp(
      <>
        <AuthImage src={uid} alt="行驶证" />
        <AuthPdf src={uid} title="维修合同" />
        <AuthFrame src={uid} title="报告" />
      </>,
    );
    await waitFor(() => expect(view.container.querySelector('img')?.getAttribute('src')).toBe('blob:preview'));
    await waitFor(() => expect(view.container.querySelector('object.dms-auth-pdf')?.getAttribute('data')).toBe('blob:preview'));
    await waitFor(() => expect(view.container.querySelector('iframe.dms-auth-frame')?.getAttribute('src')).toBe('blob:preview'));
    expect(server.urls).toEqual([`/openapi/file/preview/${uid}`, `/openapi/file/preview/${uid}`, `/openapi/file/preview/${uid}`]);
    expect(server.headers.every((h) => h.Authorization === 'Bearer token-123' && /^\d{8}T\d{6}Z$/.test(h['X-Sdk-Date']!))).toBe(true);
    // The frame shows what it is given without running it.
    expect(view.container.querySelector('iframe')!.getAttribute('sandbox')).toBe('');
  });
});

describe('breakpoint uploader', () => {
  it('[BO-BPU-07][BO-BPU-08][BO-BPU-06][BO-BLK-11] a chunk that fails after its retries shows upload failed, please retry and emits an error event; chunk answers reach the parent', async () => {
    const answers: unknown[] = [];
    const errors: string[] = [];
    let attempts = 0;
    const transport: ChunkTransport = {
      open: async (request) => ({ uploadId: 'u', chunkSize: request.chunkSize, chunkCount: 2, received: [] }),
      sendChunk: async (query) => {
        if (query.index === 1) {
          attempts += 1;
          throw new Error('network');
        }
        return { resultCode: 200, data: { index: query.index, received: 1 } };
      },
      complete: async () => ({ uid: 'x', name: 'v.mp4', url: '' }),
    };
    renderInApp(<BreakpointUploader entry={undefined} onChange={() => undefined} chunkSizeMb={0.000001} transport={transport} onChunk={(r) => answers.push(r)} onError={(m) => errors.push(m)} />);
    fireEvent.change(screen.getByTestId('breakpoint-upload-input'), { target: { files: [new File(['ab'], 'v.mp4')] } });
    await waitFor(() => expect(errors).toHaveLength(1), { timeout: 5000 });
    expect(await screen.findByText('upload failed, please retry')).toBeTruthy();
    expect(errors).toEqual(['upload failed, please retry']);
    expect(attempts).toBe(4);
    expect(answers).toEqual([{ resultCode: 200, data: { index: 0, received: 1 } }]);
  });
});
