import type { Resource } from '../resource-kit';
import { annualmanagementplan } from './annualmanagementplan';
import { annualmanagementplandetail } from './annualmanagementplandetail';
import { collectioncategory } from './collectioncategory';
import { contract } from './contract';
import { driver } from './driver';
import { enterpriseinformation } from './enterpriseinformation';
import { hazardouswasteinformation } from './hazardouswasteinformation';
import { industrycategory } from './industrycategory';
import { inventory } from './inventory';
import { regularinspections } from './regularinspections';
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
];

export function findResource(name: string): Resource | undefined {
  const lower = name.toLowerCase();
  return RESOURCES.find((r) => r.name.toLowerCase() === lower);
}

export {
  industrycategory, wastecategory, wastecode, enterpriseinformation, vehicleinformation, driver, collectioncategory,
  hazardouswasteinformation, annualmanagementplan, annualmanagementplandetail, contract, regularinspections,
  transferorder, transferorderline, warehousereceipt, inventory,
};
