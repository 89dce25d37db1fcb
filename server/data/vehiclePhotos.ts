// Vehicle photo records (车辆照片): a plate number with its photo, attachments and video, under the dealer's data scope.
// Every file a record names must be one the user may read: a form cannot attach someone else's upload by its uid.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { withFileTables } from '../files/fileTables';
import { findReadableFile } from '../files/storedFiles';
import { formatDateTime } from '../http/dates';
import { ApiError } from '../http/errors';
import type { SessionUser } from '../http/session';
import { ownerScope } from './scope';
import type { Page } from '../../schemas/api/page';

export interface FileEntry {
  name: string;
  url: string;
}

export interface VehiclePhotoInput {
  plateNo: string;
  remark?: string | null;
  photo: string;
  attachments?: FileEntry[];
  video?: FileEntry | null;
}

export interface VehiclePhotoView extends Required<VehiclePhotoInput> {
  id: number;
  ownerCode: string;
  createdAt: string;
}

const uidIn = (url: string): string | undefined => /(?:^|\/)([0-9a-f]{32})$/.exec(url)?.[1];

async function checkFiles(db: Kysely<Database>, user: SessionUser, input: VehiclePhotoInput): Promise<void> {
  const urls = [input.photo, ...(input.attachments ?? []).map((a) => a.url), ...(input.video ? [input.video.url] : [])];
  for (const url of urls) {
    const uid = uidIn(url);
    if (!uid) throw new ApiError('invalidInput', '文件地址不正确');
    await findReadableFile(db, user, uid);
  }
}

type Row = { id: number; ownerCode: string; plateNo: string; remark: string | null; photo: string; attachments: string; video: string | null; createdAt: Date };

const view = (row: Row): VehiclePhotoView => ({
  id: row.id,
  ownerCode: row.ownerCode,
  plateNo: row.plateNo,
  remark: row.remark,
  photo: row.photo,
  attachments: JSON.parse(row.attachments) as FileEntry[],
  video: row.video === null ? null : (JSON.parse(row.video) as FileEntry),
  createdAt: formatDateTime(row.createdAt),
});

export async function createVehiclePhoto(db: Kysely<Database>, user: SessionUser, input: VehiclePhotoInput): Promise<VehiclePhotoView> {
  if (!user.ownerCode) throw new ApiError('forbidden', '只有经销商用户可以登记车辆照片');
  await checkFiles(db, user, input);
  const row = await withFileTables(db)
    .insertInto('vehiclePhotos')
    .values({
      ownerCode: user.ownerCode,
      plateNo: input.plateNo,
      remark: input.remark ?? null,
      photo: input.photo,
      attachments: JSON.stringify(input.attachments ?? []),
      video: input.video ? JSON.stringify(input.video) : null,
      createdBy: user.id,
    })
    .returningAll()
    .executeTakeFirstOrThrow();
  return view(row);
}

export async function listVehiclePhotos(db: Kysely<Database>, user: SessionUser, page: number, pageSize: number): Promise<Page<VehiclePhotoView>> {
  const owners = await ownerScope(db, user);
  const scoped = withFileTables(db).selectFrom('vehiclePhotos').where('ownerCode', 'in', owners);
  const [{ total }, rows] = await Promise.all([
    scoped.select((eb) => eb.fn.countAll<string>().as('total')).executeTakeFirstOrThrow(),
    scoped.selectAll().orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(pageSize).offset((page - 1) * pageSize).execute(),
  ]);
  return { total: Number(total), items: rows.map(view) };
}

export async function getVehiclePhoto(db: Kysely<Database>, user: SessionUser, id: number): Promise<VehiclePhotoView> {
  const owners = await ownerScope(db, user);
  const row = await withFileTables(db).selectFrom('vehiclePhotos').selectAll().where('id', '=', id).where('ownerCode', 'in', owners).executeTakeFirst();
  if (!row) throw new ApiError('notFound');
  return view(row);
}
