import type { Resource } from '../resource-kit';
import { annualmanagementplan } from './annualmanagementplan';
import { carea, qarea, sarea, varea } from './areas';
import { bhusers } from './bhusers';
import { integralrule } from './integralrule';
import { rblist } from './rblist';
import { annualmanagementplandetail } from './annualmanagementplandetail';
import { chatlog } from './chatlog';
import { collectioncategory } from './collectioncategory';
import { collector } from './collector';
import { contract } from './contract';
import { driver } from './driver';
import { equipmentmodel } from './equipmentmodel';
import { exchangemachine } from './exchange';
import { goods, goodstype } from './goods';
import { equipmentwarning } from './equipmentwarning';
import { enterpriseinformation } from './enterpriseinformation';
import { hazardouswasteinformation } from './hazardouswasteinformation';
import { hazardouswastestorage } from './hazardouswastestorage';
import { industrycategory } from './industrycategory';
import { inventory } from './inventory';
import { regularinspections } from './regularinspections';
import { smartequipment } from './smartequipment';
import { station } from './station';
import { transferorder } from './transferorder';
import { transferorderline } from './transferorderline';
import { vehicleinformation } from './vehicleinformation';
import { wastecategory } from './wastecategory';
import { warehousereceipt } from './warehousereceipt';
import { wastecode } from './wastecode';

/** The one list of declared resources; server and client derive everything from it. Referenced before referring. */
export const RESOURCES: readonly Resource[] = [
  industrycategory, wastecategory, wastecode,
  enterpriseinformation, vehicleinformation, driver, collectioncategory, hazardouswasteinformation,
  annualmanagementplan, annualmanagementplandetail, contract, regularinspections,
  transferorder, transferorderline, warehousereceipt, inventory,
  equipmentmodel, smartequipment, hazardouswastestorage, equipmentwarning,
  chatlog,
  qarea, sarea, carea, varea, bhusers, collector, integralrule, station, rblist, goodstype, goods, exchangemachine,
];

export function findResource(name: string): Resource | undefined {
  const lower = name.toLowerCase();
  return RESOURCES.find((r) => r.name.toLowerCase() === lower);
}

export {
  industrycategory, wastecategory, wastecode, enterpriseinformation, vehicleinformation, driver, collectioncategory,
  hazardouswasteinformation, annualmanagementplan, annualmanagementplandetail, contract, regularinspections,
  transferorder, transferorderline, warehousereceipt, inventory,
  equipmentmodel, smartequipment, hazardouswastestorage, equipmentwarning,
  chatlog, qarea, sarea, carea, varea, bhusers, collector, integralrule, rblist, station, goodstype, goods, exchangemachine,
};
