import { describe, expect, it } from 'vitest';
import { ChunkUploadFailed, uploadInChunks, type ChunkQuery, type ChunkTransport } from '../../runtime/upload/breakpointUploader';
import { cropBox, initialCropper, outputSize, rotateLeft, rotateRight, zoom } from '../../runtime/upload/cropperModel';
import { conversionProblem, convertImage, type CanvasLike } from '../../runtime/upload/imageConvert';
import {
  acceptedImageExts,
  buttonHint,
  buttonProblem,
  fileProblem,
  imageTypeProblem,
  uploadedUrl,
  uploadSucceeded,
} from '../../schemas/upload/uploadRules';
import { fromEntries, toEntries, uploadValueSchema } from '../../runtime/upload/uploadValues';
import type { Field } from '../../schemas/screen/screen.types';

const MB = 1024 * 1024;
const file = (name: string, size = 1000) => ({ name, size });

describe('general file upload rules', () => {
  it('[BO-UP-01] over 50 MB by default fails with 上传文件大小不能超过50MB!', () => {
    expect(fileProblem(file('a.txt', 50 * MB))).toBeUndefined();
    expect(fileProblem(file('a.txt', 50 * MB + 1))).toBe('上传文件大小不能超过50MB!');
  });
  it('[BO-UP-02] a configured size replaces the default', () => {
    expect(fileProblem(file('a.txt', 3 * MB), { maxSizeMb: 2 })).toBe('上传文件大小不能超过2MB!');
    expect(fileProblem(file('a.zip', 60 * MB), { maxSizeMb: 100 })).toBeUndefined();
  });
  it('[BO-UP-03] photos over 10 MB fail with 照片不能超过10MB', () => {
    for (const ext of ['jpg', 'jpeg', 'png', 'gif', 'psd', 'pdd']) expect(fileProblem(file(`p.${ext}`, 10 * MB + 1))).toBe('照片不能超过10MB');
    expect(fileProblem(file('p.JPG', 10 * MB))).toBeUndefined();
  });
  it('[BO-UP-04] videos over 50 MB fail with 视频不能超过50MB', () => {
    for (const ext of ['avi', 'mov', 'rmvb', 'rm', 'flv', 'mp4', '3gp']) expect(fileProblem(file(`v.${ext}`, 50 * MB + 1), { maxSizeMb: 200 })).toBe('视频不能超过50MB');
  });
  it('[BO-UP-05] PDFs over 10 MB fail with PDF不能超过10MB', () => {
    expect(fileProblem(file('a.pdf', 10 * MB + 1))).toBe('PDF不能超过10MB');
  });
  it('[BO-UP-06] an extension outside the allowed list fails with 上传文件类型不支持!', () => {
    expect(fileProblem(file('a.exe'), { allowed: ['pdf', 'DOCX'] })).toBe('上传文件类型不支持!');
    expect(fileProblem(file('a.docx'), { allowed: ['pdf', 'DOCX'] })).toBeUndefined();
  });
  it('[BO-UP-07] an extension inside the excluded list fails with 上传文件类型不支持!', () => {
    expect(fileProblem(file('a.EXE'), { excluded: ['exe', 'bat'] })).toBe('上传文件类型不支持!');
  });
});

describe('shared upload button rules', () => {
  it('[BO-UP-08][BB-UP-03] allowed extensions default to jpg, png, pdf, xls, xlsx', () => {
    for (const name of ['a.jpg', 'a.png', 'a.pdf', 'a.xls', 'a.xlsx']) expect(buttonProblem(file(name))).toBeUndefined();
    expect(buttonProblem(file('a.doc'))).toBe('上传的文件只能是 jpg, png, pdf, xls, xlsx 格式！');
  });
  it('[BO-UP-09][BB-UP-04] the extension check is case-insensitive', () => {
    expect(buttonProblem(file('A.PDF'))).toBeUndefined();
    expect(buttonProblem(file('a.Xlsx'), { exts: ['XLSX'] })).toBeUndefined();
  });
  it('[BO-UP-10][BB-UP-05][BO-UP-13][BB-UP-08] the size defaults to 5 MB; oversize shows 上传文件大小不能超过 5M！', () => {
    expect(buttonProblem(file('a.pdf', 5 * MB))).toBeUndefined();
    expect(buttonProblem(file('a.pdf', 5 * MB + 1))).toBe('上传文件大小不能超过 5M！');
    expect(buttonProblem(file('a.pdf', 3 * MB), { maxSizeMb: 2 })).toBe('上传文件大小不能超过 2M！');
  });
  it('[BO-UP-12][BB-UP-07] a disallowed type shows 上传的文件只能是 {types} 格式！', () => {
    expect(buttonProblem(file('a.txt'), { exts: ['doc', 'docx'] })).toBe('上传的文件只能是 doc, docx 格式！');
  });
  it('[BO-UP-14][BB-UP-09] the hint reads 只能上传 {types} 格式，文件大小不超过{n}M', () => {
    expect(buttonHint()).toBe('只能上传 jpg, png, pdf, xls, xlsx 格式，文件大小不超过5M');
    expect(buttonHint({ exts: ['pdf'], maxSizeMb: 2 })).toBe('只能上传 pdf 格式，文件大小不超过2M');
  });
  it('[BO-UP-16][BO-UP-17][BO-UP-18][BB-UP-02][BB-UP-10][BB-UP-18] success only on resultCode 200 or returnCode "0"', () => {
    expect(uploadSucceeded({ resultCode: 200, data: 'u', errMsg: '' })).toBe(true);
    expect(uploadSucceeded({ returnCode: '0', data: 'u' })).toBe(true);
    expect(uploadSucceeded({ returnCode: 0 })).toBe(false);
    expect(uploadSucceeded({ resultCode: 500, errMsg: 'x' })).toBe(false);
    expect(uploadSucceeded({ resultCode: '200' })).toBe(false);
    expect(uploadSucceeded(null)).toBe(false);
  });
  it('[BO-UP-21][BO-UP-22] the url is data.uid for one file and data[0].url for several', () => {
    expect(uploadedUrl({ uid: 'abc', name: 'a.pdf' })).toBe('abc');
    expect(uploadedUrl([{ uid: 'x', url: '/api/file/download/x' }])).toBe('/api/file/download/x');
    expect(uploadedUrl('/api/file/preview/x')).toBe('/api/file/preview/x');
    expect(uploadedUrl([])).toBeUndefined();
  });
});

describe('image upload rules', () => {
  it('[BO-IMG-03] without types given, a bmp passes and a gif is refused naming jpg/png/bmp', () => {
    expect(imageTypeProblem('a.bmp')).toBeUndefined();
    expect(imageTypeProblem('a.gif')).toBe('请上传！jpg/png/bmp格式的图片');
  });
  it('[BO-IMG-04] jpeg is accepted whenever jpg is', () => {
    expect(acceptedImageExts(['jpg'])).toEqual(['jpg', 'jpeg']);
    expect(imageTypeProblem('a.JPEG', ['jpg'])).toBeUndefined();
    expect(imageTypeProblem('a.jpeg', ['png'])).toBe('请上传！png格式的图片');
  });
  it('[BO-IMG-05] a disallowed type shows 请上传！{types}格式的图片', () => {
    expect(imageTypeProblem('a.pdf', ['png', 'gif'])).toBe('请上传！png/gif格式的图片');
  });
  it('[BO-IMG-10][BO-IMG-11][BO-IMG-12][BO-IMG-13] conversion refuses a non-positive width or height, a type other than jpg or png, a missing image', () => {
    const image = { width: 10, height: 10, source: {} as CanvasImageSource };
    expect(conversionProblem(image, { width: 0, type: 'jpg', quality: 1 })).toBe('图片宽度必须大于0');
    expect(conversionProblem(image, { width: 10, height: -1, type: 'jpg', quality: 1 })).toBe('图片高度必须大于0');
    expect(conversionProblem(image, { width: 10, type: 'gif', quality: 1 })).toBe('图片只能转换为jpg或png');
    expect(conversionProblem(null, { width: 10, type: 'jpg', quality: 1 })).toBe('缺少图片');
    expect(conversionProblem(image, { width: 10, type: 'png', quality: 1 })).toBeUndefined();
  });
  // What the uploader sends (750 px, white, jpg at 0.92) is tested on the upload itself: tests/component/imageScaling.test.tsx.
  it('conversion draws at the width asked, keeping the proportions, on a white fill, encoded as asked', async () => {
    const ops: unknown[] = [];
    const context = {
      fillStyle: '',
      fillRect: (...args: number[]) => ops.push(['fillRect', context.fillStyle, ...args]),
      drawImage: (...args: unknown[]) => ops.push(['drawImage', ...args.slice(1)]),
    };
    const canvas: CanvasLike = {
      width: 0,
      height: 0,
      getContext: () => context as unknown as CanvasRenderingContext2D,
      toBlob: (callback, type, quality) => {
        ops.push(['toBlob', canvas.width, canvas.height, type, quality]);
        callback(new Blob(['x'], { type }));
      },
    };
    await convertImage({ width: 1500, height: 1200, source: {} as CanvasImageSource }, { width: 750, type: 'jpg', quality: 0.92 }, () => canvas);
    expect(ops).toEqual([
      ['fillRect', '#ffffff', 0, 0, 750, 600],
      ['drawImage', 0, 0, 750, 600],
      ['toBlob', 750, 600, 'image/jpeg', 0.92],
    ]);
  });
  it('[BO-IMG-20][BO-IMG-21][BB-UP-17] an image value is a plain URL, or {name, url} in file-name mode; a list above limit 1', () => {
    const field = { fieldName: 'photo', label: '照片', type: 'image-upload' } as Field;
    const entries = [{ name: '车头.jpg', url: '/api/file/preview/a' }];
    expect(fromEntries(entries, field, false)).toBe('/api/file/preview/a');
    expect(fromEntries(entries, field, true)).toEqual({ name: '车头.jpg', url: '/api/file/preview/a' });
    expect(fromEntries(entries, { ...field, upload: { limit: 3 } }, false)).toEqual(['/api/file/preview/a']);
    expect(fromEntries([], field, false)).toBeUndefined();
    expect(toEntries('/api/file/preview/a')).toEqual([{ name: 'a', url: '/api/file/preview/a' }]);
    expect(toEntries([{ name: 'n', url: 'u' }])).toEqual([{ name: 'n', url: 'u' }]);
    expect(uploadValueSchema({ ...field, upload: { limit: 3 }, required: true }, true)).toMatchObject({ type: 'array', maxItems: 3, minItems: 1, items: { required: ['name', 'url'] } });
  });
});

describe('cropper', () => {
  it('[BB-CROP-07][BB-CROP-08] zooms in steps of 0.1 and rotates in quarter turns wrapping at 3 and -3', () => {
    let state = initialCropper();
    expect(state).toMatchObject({ scale: 1, rotate: 0 });
    const turns: number[] = [];
    for (let i = 0; i < 5; i++) turns.push((state = rotateRight(state)).rotate);
    expect(turns).toEqual([1, 2, 3, 0, 1]);
    state = initialCropper();
    const back: number[] = [];
    for (let i = 0; i < 5; i++) back.push((state = rotateLeft(state)).rotate);
    expect(back).toEqual([-1, -2, -3, 0, -1]);
    expect(zoom(zoom(initialCropper(), 1), 1).scale).toBe(1.2);
    expect(zoom(initialCropper(), -1).scale).toBe(0.9);
  });
  // The box and the crop as the cropper draws them: tests/component/uploads.test.tsx (BB-CROP-06, 11 to 15).
  it('the crop box is the largest box of the ratio inside the 300 x 300 area', () => {
    expect(cropBox()).toEqual({ width: 300, height: 200 });
    expect(cropBox([1, 1])).toEqual({ width: 300, height: 300 });
    expect(cropBox([5, 4])).toEqual({ width: 300, height: 240 });
  });
  it('the output is the box at the scale asked, shrunk to 2000 px on its longest side', () => {
    expect(outputSize({ width: 300, height: 200 }, 2)).toMatchObject({ width: 600, height: 400 });
    expect(outputSize({ width: 300, height: 200 }, 20)).toMatchObject({ width: 2000, height: 1333 });
  });
});

describe('breakpoint uploader', () => {
  const bytes = new Uint8Array(Array.from({ length: 2.5 * MB }, (_, i) => i % 253));
  const theFile = () => new File([bytes], '试驾.mp4', { lastModified: 1 });

  function fakeTransport(options: { failures?: Record<number, number>; received?: number[] } = {}) {
    const sent: ChunkQuery[] = [];
    let active = 0;
    let maxActive = 0;
    const failures = { ...options.failures };
    const transport: ChunkTransport = {
      open: async (request) => ({ uploadId: 'u1', chunkSize: request.chunkSize, chunkCount: Math.ceil(request.size / request.chunkSize), received: options.received ?? [] }),
      sendChunk: async (query) => {
        active += 1;
        maxActive = Math.max(maxActive, active);
        await new Promise((resolve) => setTimeout(resolve, 1));
        active -= 1;
        sent.push(query);
        if ((failures[query.index] ?? 0) > 0) {
          failures[query.index]! -= 1;
          throw new Error('network');
        }
        return { resultCode: 200, data: { index: query.index } };
      },
      complete: async (uploadId, sha256) => ({ uid: sha256, name: uploadId, url: '' }),
    };
    return { transport, sent, maxActive: () => maxActive };
  }

  it('[BO-BPU-01][BO-BPU-04][BO-BPU-05][BO-BPU-06][BB-UP-27][BB-UP-28] sends chunks of the configured size one at a time, with userId, timestamp and bucketType, handing each answer to the parent', async () => {
    const fake = fakeTransport();
    const answers: unknown[] = [];
    const result = await uploadInChunks(theFile(), { userId: 7, chunkSizeMb: 1, bucketType: 'video', transport: fake.transport, onChunk: (r) => answers.push(r) });
    expect(fake.sent.map((q) => q.index)).toEqual([0, 1, 2]);
    expect(fake.maxActive()).toBe(1);
    expect(fake.sent[0]).toMatchObject({ userId: 7, bucketType: 'video', uploadId: 'u1' });
    expect(typeof fake.sent[0]!.timestamp).toBe('number');
    expect(answers).toEqual([0, 1, 2].map((index) => ({ resultCode: 200, data: { index } })));
    const { createHash } = await import('node:crypto');
    expect(result.uid).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('[BO-BPU-02][BB-UP-26] makes up to three retries per chunk, then fails', async () => {
    const recovering = fakeTransport({ failures: { 1: 3 } });
    await uploadInChunks(theFile(), { userId: 7, chunkSizeMb: 1, transport: recovering.transport });
    expect(recovering.sent.filter((q) => q.index === 1)).toHaveLength(4);
    const failing = fakeTransport({ failures: { 1: 4 } });
    await expect(uploadInChunks(theFile(), { userId: 7, chunkSizeMb: 1, transport: failing.transport })).rejects.toBeInstanceOf(ChunkUploadFailed);
    expect(failing.sent.map((q) => q.index)).toEqual([0, 1, 1, 1, 1]);
  });

  it('resumes: chunks the server already holds are not sent again, and the whole file is still hashed', async () => {
    const fake = fakeTransport({ received: [0, 1] });
    const progress: number[] = [];
    const result = await uploadInChunks(theFile(), { userId: 7, chunkSizeMb: 1, transport: fake.transport, onProgress: (p) => progress.push(p.done) });
    expect(fake.sent.map((q) => q.index)).toEqual([2]);
    expect(progress).toEqual([2, 3]);
    const { createHash } = await import('node:crypto');
    expect(result.uid).toBe(createHash('sha256').update(bytes).digest('hex'));
  });
});
