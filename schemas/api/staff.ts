// Staff lookups by position (the consultant and user selects).

export interface ConsultantRow {
  userId: number;
  userName: string;
  orgId: number;
  orgName: string;
  roleName: string;
  positionCode: string;
}

export interface PositionUserRow {
  userId: number;
  employeeName: string;
}
