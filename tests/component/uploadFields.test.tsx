import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setToken } from '../../runtime/http/credentials';
import { fakeServer, ok } from './fakeServer';
import { renderForm } from './formHarness';

// The upload field types of the form engine as a screen author meets them, and their default limit of 1: a field
// declared without `upload.limit` takes one file, holds one value (not a list) and refuses a second. A changed default
// fails these, a renamed constant does not.

// jsdom cannot decode images: the 750 px scaling is tested elsewhere (tests/unit/uploadRules.test.ts, e2e).
vi.mock('../../runtime/upload/imageConvert', async (original) => ({ ...(await original<object>()), scaleForUpload: async (blob: Blob) => blob }));

const choose = (testId: string, ...files: File[]) => fireEvent.change(screen.getByTestId(testId), { target: { files } });
const pdf = (name: string) => new File(['%PDF'], name, { type: 'application/pdf' });

beforeEach(() => {
  setToken('token-123');
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});

describe('an upload field without a limit', () => {
  it('[BB-UP-01] [BB-FORM-29] a file-upload field takes one file, in the field file, and its value is that one file, not a list', async () => {
    const server = fakeServer({ 'POST /api/file/upload': ok({ uid: 'abc', name: '合同.pdf' }) });
    const form = renderForm([{ fieldName: 'contract', label: '合同', type: 'file-upload' }]);
    choose('file-upload-input', pdf('合同.pdf'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
    expect(server.calls[0]!.url).toBe('/api/file/upload');
    expect((server.calls[0]!.data as FormData).getAll('file')).toHaveLength(1);
    await waitFor(() => expect(screen.getByText('合同.pdf')).toBeTruthy());
    form.submit();
    expect(form.submitted).toEqual([{ contract: { name: '合同.pdf', url: 'abc' } }]);
    // A second file is refused before sending.
    choose('file-upload-input', pdf('补充协议.pdf'));
    expect(await screen.findByText('最多只能上传1个文件')).toBeTruthy();
    expect(server.calls).toHaveLength(1);
  });

  it('[BO-UP-11] [BB-UP-06] the shared upload button refuses two files chosen at once with 最多只能上传1个文件 and sends nothing', async () => {
    const server = fakeServer({ 'POST /api/file/upload': ok({ uid: 'one' }) });
    renderForm([{ fieldName: 'attachment', label: '附件', type: 'upload-button' }]);
    choose('file-upload-input', pdf('a.pdf'), pdf('b.pdf'));
    expect(await screen.findByText('最多只能上传1个文件')).toBeTruthy();
    expect(server.calls).toHaveLength(0);
    // One file is taken.
    choose('file-upload-input', pdf('a.pdf'));
    await waitFor(() => expect(server.calls).toHaveLength(1));
  });

  it('[BO-IMG-07] [BB-FORM-28] an image-upload field takes one image: the add tile goes after it and the value is its one URL', async () => {
    fakeServer({ 'POST /api/file/image': ok('/api/file/preview/img-1'), 'GET /openapi/file/preview/img-1': new Blob(['png']) });
    const form = renderForm([{ fieldName: 'photo', label: '照片', type: 'image-upload' }]);
    expect(form.container.querySelector('.dms-image-add')).not.toBeNull();
    choose('image-upload-input', new File([new Uint8Array([0x89, 0x50])], '车头.png', { type: 'image/png' }));
    await waitFor(() => expect(form.container.querySelectorAll('.dms-image-tile')).toHaveLength(1), { timeout: 5000 });
    expect(form.container.querySelector('.dms-image-add')).toBeNull();
    act(() => void form.handle.current!.submit());
    expect(form.submitted).toEqual([{ photo: '/api/file/preview/img-1' }]);
  });

  it('[BB-FORM-30] an oss-upload field sends the file in chunks to the object store and holds the stored file', async () => {
    const server = fakeServer({
      'POST /api/file/chunked/open': ok({ uploadId: 'up-1', chunkCount: 1, received: [] }),
      'POST /api/file/chunked/chunk': ok({ index: 0 }),
      'POST /api/file/chunked/complete': ok({ uid: 'oss-1', name: '试驾录像.mp4', url: '/api/file/download/oss-1' }),
    });
    const form = renderForm([{ fieldName: 'video', label: '试驾录像', type: 'oss-upload' }]);
    choose('breakpoint-upload-input', new File(['0123456789'], '试驾录像.mp4', { type: 'video/mp4' }));
    await waitFor(() => expect(server.calls.map((c) => c.url)).toEqual(['/api/file/chunked/open', '/api/file/chunked/chunk', '/api/file/chunked/complete']), { timeout: 5000 });
    expect(server.calls[0]!.data).toMatchObject({ fileName: '试驾录像.mp4', size: 10, bucketType: 'file' });
    await waitFor(() => expect(screen.getByText('试驾录像.mp4')).toBeTruthy());
    form.submit();
    expect(form.submitted).toEqual([{ video: { name: '试驾录像.mp4', url: 'oss-1' } }]);
  });
});
