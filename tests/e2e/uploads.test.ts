import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOTS } from './support/browser';
import { startAppInChromium, type AppInChromium } from './support/app';
import { signInThroughPage } from './support/signIn';

const SCREEN_PATH = '/repair/repairBusiness/vehiclePhotos/index';
const MB = 1024 * 1024;

describe('车辆照片: image, file and chunked uploads in a form, end to end in Chromium', () => {
  let app: AppInChromium;
  let page: Page;
  let files: string;
  let video: string;
  let videoBytes: Buffer;

  beforeAll(async () => {
    app = await startAppInChromium();
    page = app.page;
    files = mkdtempSync(join(tmpdir(), 'dms-e2e-files-'));
    // 4.5 MB of "video" (an mp4 header, then varied bytes): five 1 MB chunks.
    videoBytes = Buffer.concat([Buffer.from([0, 0, 0, 0x18, ...Buffer.from('ftypmp42')]), Buffer.from(Array.from({ length: 4.5 * MB - 12 }, (_, i) => (i * 31) % 256))]);
    video = join(files, '试驾视频.mp4');
    writeFileSync(video, videoBytes);
    writeFileSync(join(files, '大文件.zip'), Buffer.alloc(21 * MB, 1));
    writeFileSync(join(files, '维修合同.pdf'), Buffer.from('%PDF-1.4\n维修合同\n%%EOF\n'));
  });

  afterAll(async () => app?.close());

  const dialog = () => page.locator('.ant-modal').filter({ has: page.locator('#dialog_plateNo') });
  const openScreen = async () => {
    await page.goto(`${app.server.baseUrl}/#${SCREEN_PATH}`);
    await page.locator('.dms-data-table, .ag-root').first().waitFor();
  };

  it('signs in and opens 车辆照片', async () => {
    await page.goto(`${app.server.baseUrl}/#/home`);
    await signInThroughPage(page, 'd11001fwgw');
    await page.waitForURL(/#\/home$/);
    await openScreen();
    await page.getByRole('button', { name: '新增' }).click();
    await dialog().waitFor();
  });

  it('[BO-BPU-07] a chunked upload cut off half-way says upload failed, please retry; after a reload it resumes from the chunks the server has', async () => {
    let sent = 0;
    await page.route('**/api/file/chunked/chunk?**', (route) => (++sent <= 2 ? route.continue() : route.abort()));
    await dialog().locator('[data-testid="breakpoint-upload-input"]').setInputFiles(video);
    await page.getByText('upload failed, please retry').waitFor();
    await page.unroute('**/api/file/chunked/chunk?**');

    await page.reload();
    await page.locator('.dms-data-table, .ag-root').first().waitFor();
    await page.getByRole('button', { name: '新增' }).click();
    await dialog().waitFor();
    const chunks: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/api/file/chunked/chunk?')) chunks.push(new URL(request.url()).searchParams.get('index')!);
    });
    const completed = page.waitForResponse((r) => r.url().endsWith('/api/file/chunked/complete'));
    await dialog().locator('[data-testid="breakpoint-upload-input"]').setInputFiles(video);
    const done = (await (await completed).json()) as { resultCode: number; data: { uid: string } };
    expect(done.resultCode).toBe(200);
    expect(chunks).toEqual(['2', '3', '4']);
    expect(await dialog().locator('.dms-breakpoint-progress').getAttribute('data-resumed')).toBe('2');
    // The assembled file is byte-identical to the one chosen.
    const downloaded = page.waitForEvent('download');
    await dialog().locator('.dms-breakpoint-file').click();
    const file = await (await downloaded).path();
    const { readFileSync } = await import('node:fs');
    expect(createHash('sha256').update(readFileSync(file)).digest('hex')).toBe(createHash('sha256').update(videoBytes).digest('hex'));
  });

  it('[BO-IMG-01][BO-IMG-08][BO-IMG-15][BO-IMG-16][BB-CROP-07] chooses an image, crops it at 5:4 after a quarter turn and a zoom, uploads a 750 px jpg and shows its thumbnail', async () => {
    const png = await page.evaluate(() => {
      const canvas = document.createElement('canvas');
      canvas.width = 1600;
      canvas.height = 1000;
      const context = canvas.getContext('2d')!;
      context.fillStyle = '#1677ff';
      context.fillRect(0, 0, 1600, 1000);
      context.fillStyle = '#fadb14';
      context.fillRect(600, 300, 400, 400);
      return canvas.toDataURL('image/png').split(',')[1]!;
    });
    await dialog().locator('[data-testid="image-upload-input"]').setInputFiles({ name: '车头照片.png', mimeType: 'image/png', buffer: Buffer.from(png, 'base64') });
    const cropper = page.locator('.dms-cropper');
    await cropper.waitFor();
    expect(await cropper.getAttribute('data-box')).toBe('300x240');
    await page.getByRole('button', { name: '顺时针旋转' }).click();
    await page.getByRole('button', { name: '放大' }).click();
    expect(await cropper.getAttribute('data-rotate')).toBe('1');
    await page.screenshot({ path: `${SCREENSHOTS}/upload-crop.png` });
    const uploaded = page.waitForResponse((r) => r.url().endsWith('/api/file/image') && r.request().method() === 'POST');
    await page.locator('.ant-modal').filter({ hasText: '裁剪图片' }).getByRole('button', { name: '确 定' }).click();
    const answer = (await (await uploaded).json()) as { resultCode: number; data: string };
    expect(answer.resultCode).toBe(200);
    const thumb = dialog().locator('.dms-image-tile img');
    await thumb.waitFor();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(750);
    expect(await dialog().locator('.dms-image-add').count()).toBe(0);
  });

  it('[BO-UP-02] refuses a file over the configured 20 MB with its message, then uploads a contract', async () => {
    await dialog().locator('[data-testid="file-upload-input"]').setInputFiles(join(files, '大文件.zip'));
    await page.getByText('上传文件大小不能超过20MB!').waitFor();
    const uploaded = page.waitForResponse((r) => r.url().includes('/api/file/uploads?maxSizeMb=20'));
    await dialog().locator('[data-testid="file-upload-input"]').setInputFiles(join(files, '维修合同.pdf'));
    expect(((await (await uploaded).json()) as { resultCode: number }).resultCode).toBe(200);
    await dialog().getByText('维修合同.pdf').waitFor();
  });

  it('saves the record, and after a reload shows the thumbnail, previews and rotates it, and downloads the contract under its Chinese name', async () => {
    await dialog().locator('#dialog_plateNo').fill('京A12345');
    const saved = page.waitForResponse((r) => r.url().endsWith('/api/repair/vehiclePhotos') && r.request().method() === 'POST');
    await dialog().getByRole('button', { name: '保 存' }).click();
    expect(((await (await saved).json()) as { resultCode: number }).resultCode).toBe(200);
    await page.reload();
    await page.locator('.ag-row').first().waitFor();
    await page.locator('.ag-row').first().getByText('查看').click();
    const shown = dialog();
    const thumb = shown.locator('.dms-image-tile img');
    await thumb.waitFor();
    expect(await thumb.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(750);
    // The dialog opens with a zoom animation: the tile reaches its size when it ends.
    await expect.poll(() => shown.locator('.dms-image-tile').evaluate((tile) => [tile.getBoundingClientRect().width, tile.getBoundingClientRect().height])).toEqual([148, 148]);
    await page.screenshot({ path: `${SCREENSHOTS}/upload-record.png` });
    await shown.getByRole('button', { name: '预览' }).click();
    const stage = page.locator('.dms-preview-stage');
    await stage.locator('img').waitFor();
    await page.getByRole('button', { name: /向右旋转/ }).click();
    expect(await stage.getAttribute('data-angle')).toBe('90');
    await page.screenshot({ path: `${SCREENSHOTS}/upload-preview.png` });
    await page.locator('.ant-modal').filter({ hasText: '图片预览' }).locator('.ant-modal-close').click();
    const downloaded = page.waitForEvent('download');
    await shown.getByText('维修合同.pdf').click();
    expect((await downloaded).suggestedFilename()).toBe('维修合同.pdf');
    expect(app.pageErrors).toEqual([]);
  });

});
