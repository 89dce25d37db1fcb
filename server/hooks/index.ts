// The models that need a hook (logic their JSON cannot say), by model name. A hook is the exception: each file says
// why its model needs one. The engine refuses to start when a model declares a query or action no hook serves.
import type { ModelHooks } from '../models/modelHooks';
import { allocationHooks } from './allocation';
import { allocationInHooks } from './allocationIn';
import { bookingHooks } from './booking';
import { labourItemHooks } from './labourItem';
import { partInfoHooks } from './partInfo';
import { partStockHooks } from './partStock';
import { partInOrderHooks } from './partInOrder';
import { partInvoiceRegisterHooks } from './partInvoiceRegister';
import { partLockHooks } from './partLock';
import { partOutOrderHooks } from './partOutOrder';
import { refundHooks } from './refund';
import { reminderHooks } from './reminder';
import { repairOrderHooks } from './repairOrder';
import { salesTargetHooks } from './salesTarget';
import { stocktakeHooks } from './stocktake';
import { warehouseHooks } from './warehouse';
import { vehiclePhotoHooks } from './vehiclePhoto';
import { bankFlowHooks } from './bankFlow';
import { collectionReconciliationHooks } from './collectionReconciliation';
import { invoiceHooks } from './invoice';
import { receiptHooks } from './receipt';
import { receivableHooks } from './receivable';
import { vehicleAdvanceSaleHooks } from './vehicleAdvanceSale';
import { writeOffHooks } from './writeOff';
import { appointmentHooks } from './appointment';
import { clueHooks } from './clue';
import { clueSourceHooks } from './clueSource';
import { consultantWorkHooks } from './consultantWork';
import { customerTagHooks } from './customerTag';
import { deliveryHooks } from './delivery';
import { exhibitionRegistrationHooks } from './exhibitionRegistration';
import { followUpHooks } from './followUp';
import { marketActivityHooks } from './marketActivity';
import { potentialCustomerHooks } from './potentialCustomer';
import { quotationHooks } from './quotation';
import { salesOrderHooks } from './salesOrder';
import { showroomReceptionHooks } from './showroomReception';
import { tagHooks } from './tag';
import { testDriveHooks } from './testDrive';
import { vehicleStockHooks } from './vehicleStock';
import { workNoBindingHooks } from './workNoBinding';
import { roDispatchHooks } from './roDispatch';
import { returnVisitHooks } from './returnVisit';
import { customerReceptionHooks } from './customerReception';
import { bookingSlotHooks } from './bookingSlot';
import { vehicleHealthCheckHooks } from './vehicleHealthCheck';
import { servicePackageHooks } from './servicePackage';
import { organizationHooks } from './organization';
import { companyHooks } from './company';
import { channelHooks } from './channel';
import { materialHooks } from './material';
import { materialOptionHooks } from './materialOption';
import { chargingStationHooks } from './chargingStation';
import { chargingPileHooks } from './chargingPile';
import { tariffHooks } from './tariff';
import { chargingOrderHooks } from './chargingOrder';
import { chargingFaultHooks } from './chargingFault';

export const MODEL_HOOKS: Readonly<Record<string, ModelHooks>> = {
  repairOrder: repairOrderHooks,
  reminder: reminderHooks,
  vehiclePhoto: vehiclePhotoHooks,
  booking: bookingHooks,
  labourItem: labourItemHooks,
  salesTarget: salesTargetHooks,
  refund: refundHooks,
  allocation: allocationHooks,
  partInfo: partInfoHooks,
  partInOrder: partInOrderHooks,
  partInvoiceRegister: partInvoiceRegisterHooks,
  partOutOrder: partOutOrderHooks,
  partLock: partLockHooks,
  allocationIn: allocationInHooks,
  stocktake: stocktakeHooks,
  warehouse: warehouseHooks,
  partStock: partStockHooks,
  receipt: receiptHooks,
  receivable: receivableHooks,
  writeOff: writeOffHooks,
  invoice: invoiceHooks,
  bankFlow: bankFlowHooks,
  collectionReconciliation: collectionReconciliationHooks,
  vehicleAdvanceSale: vehicleAdvanceSaleHooks,
  appointment: appointmentHooks,
  clue: clueHooks,
  clueSource: clueSourceHooks,
  consultantWork: consultantWorkHooks,
  customerTag: customerTagHooks,
  delivery: deliveryHooks,
  exhibitionRegistration: exhibitionRegistrationHooks,
  followUp: followUpHooks,
  marketActivity: marketActivityHooks,
  potentialCustomer: potentialCustomerHooks,
  quotation: quotationHooks,
  salesOrder: salesOrderHooks,
  showroomReception: showroomReceptionHooks,
  tag: tagHooks,
  testDrive: testDriveHooks,
  vehicleStock: vehicleStockHooks,
  workNoBinding: workNoBindingHooks,
  roDispatch: roDispatchHooks,
  returnVisit: returnVisitHooks,
  customerReception: customerReceptionHooks,
  bookingSlot: bookingSlotHooks,
  vehicleHealthCheck: vehicleHealthCheckHooks,
  servicePackage: servicePackageHooks,
  organization: organizationHooks,
  company: companyHooks,
  channel: channelHooks,
  material: materialHooks,
  materialOption: materialOptionHooks,
  chargingStation: chargingStationHooks,
  chargingPile: chargingPileHooks,
  tariff: tariffHooks,
  chargingOrder: chargingOrderHooks,
  chargingFault: chargingFaultHooks,
};
