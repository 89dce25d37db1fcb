// Customers and vehicles: the crowd list and the one-VIN overview (/selectCrowd, /onepage).

export interface CrowdFilter {
  customerName?: string;
  phone?: string;
  gender?: string;
  seriesName?: string;
  /** Customers whose last visit is at least this many days ago (0: any). */
  idleDays?: number;
}

export interface CrowdMember {
  customerId: number;
  customerName: string;
  phone: string;
  gender: string | null;
  ownerCode: string;
  vehicles: string;
  lastVisit: string | null;
}

export interface VehicleOverview {
  vehicle: { vin: string; plateNo: string; brandName: string; seriesName: string; modelName: string; colorName: string; purchaseDate: string; dealerName: string };
  customer: { customerName: string; phone: string; gender: string | null; address: string | null };
  repairOrders: { roNo: string; repairTypeName: string; status: string; mileage: number; amount: number; serviceAdvisorName: string | null; remark: string | null; createdAt: string }[];
}
