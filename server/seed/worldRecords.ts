// The demo world's staff and repair orders as the world builder (./demoWorld.ts) makes them and the workshop behind the
// orders (./repairWork.ts) reads them: a module of their own, so the two builders do not import each other.
import type { PositionCode } from './catalogue';

export interface WorldUser {
  userCode: string;
  employeeName: string;
  employeeNo: string;
  orgCode: string;
  phone: string;
  positions: PositionCode[];
}

export interface WorldRepairOrder {
  roNo: string;
  ownerCode: string;
  vin: string;
  plateNo: string;
  customerName: string;
  phone: string;
  repairTypeCode: string;
  status: string;
  serviceAdvisorCode: string;
  mileage: number;
  labourAmount: number;
  partAmount: number;
  remark: string | null;
  createdAt: string;
  /** A comeback's original order (server/seed/repairWork.ts). */
  reworkOfRoNo?: string;
}
