// The dealer, organisation, area and employee pickers' answers (org/...).

export interface DealerCompany {
  companyId: number;
  companyCode: string;
  companyNameCn: string;
  /** The dealer's short name in the manufacturer's network: its 大区 (region) name. */
  gmsNameCn: string;
  provinceId: string | null;
  cityId: string | null;
}

export interface GroupCompany {
  companyId: number;
  companyCode: string;
  companyNameCn: string;
}

export interface RegionOrg {
  orgId: number;
  orgNameCn: string;
  parentOrgId: number | null;
  orgType: string;
}

export interface OrgTreeNode {
  orgId: number;
  orgName: string;
  orgNameCn: string;
  parentOrgId: number | null;
  id: number;
  rootId: number;
  orgList: OrgTreeNode[];
}

export interface AreaNode {
  regionId: string;
  regionName: string;
  children: AreaNode[];
}

export interface PositionDetail {
  orgId: number;
  orgName: string;
  positionCode: string;
  positionName: string;
}

export interface PickerEmployee {
  userId: number;
  employeeName: string;
  employeeNo: string;
  employeeStatus: string;
  isOnjob: string;
  orgName: string;
  userPositionDetailVos: PositionDetail[];
}
