// 车辆照片 needs a hook: every file a record names must be one the user may read, which the url's shape cannot tell.
import { findReadableFile } from '../files/storedFiles';
import { ApiError } from '../http/errors';
import { isBlank, uidOfFileUrl } from '../models/fieldValues';
import type { ModelHooks } from '../models/modelHooks';
import type { VehiclePhotoRecord } from './modelRecords';

/** The urls a file field's value names: a url, an entry {name, url}, or a list of entries. */
function urlsOf(value: unknown): unknown[] {
  if (isBlank(value)) return [];
  if (Array.isArray(value)) return value.flatMap(urlsOf);
  if (typeof value === 'object') return [(value as { url?: unknown }).url];
  return [value];
}

export const vehiclePhotoHooks: ModelHooks<VehiclePhotoRecord> = {
  async beforeWrite({ db, user, model }, { input }) {
    const fields = [...model.fields.values()].filter((f) => f.type === 'file' || f.type === 'image');
    const urls = fields.flatMap((f) => urlsOf(input[f.name]));
    // Only this server's download or preview path (or a bare uid): never another site's url or a javascript: url.
    const uids = urls.map((url) => (typeof url === 'string' ? uidOfFileUrl(url) : undefined));
    if (uids.some((uid) => uid === undefined)) throw new ApiError('invalidInput', '文件地址不正确');
    // And one the user may read: a form cannot attach another dealer's upload by its uid (not found, as a GET says).
    for (const uid of new Set(uids as string[])) await findReadableFile(db, user, uid);
  },
};
