// The models that need a hook (logic their JSON cannot say), by model name. A hook is the exception: each file says
// why its model needs one. The engine refuses to start when a model declares a query or action no hook serves.
import type { ModelHooks } from '../models/modelHooks';
import { allocationHooks } from './allocation';
import { bookingHooks } from './booking';
import { labourItemHooks } from './labourItem';
import { refundHooks } from './refund';
import { reminderHooks } from './reminder';
import { repairOrderHooks } from './repairOrder';
import { salesTargetHooks } from './salesTarget';
import { vehiclePhotoHooks } from './vehiclePhoto';

export const MODEL_HOOKS: Readonly<Record<string, ModelHooks>> = {
  repairOrder: repairOrderHooks,
  reminder: reminderHooks,
  vehiclePhoto: vehiclePhotoHooks,
  booking: bookingHooks,
  labourItem: labourItemHooks,
  salesTarget: salesTargetHooks,
  refund: refundHooks,
  allocation: allocationHooks,
};
