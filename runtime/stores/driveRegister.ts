// Test-drive registration state (building-blocks §3): the drive being registered, shared by the registration steps.
import { makeAutoObservable } from 'mobx';

export type DriveInfo = Record<string, unknown>;

export class DriveRegisterStore {
  driveInfo: DriveInfo = {};

  constructor() {
    makeAutoObservable(this);
  }

  setDriveInfo(info: DriveInfo): void {
    this.driveInfo = { ...this.driveInfo, ...info };
  }

  clear(): void {
    this.driveInfo = {};
  }
}

export const driveRegister = new DriveRegisterStore();
