// Enterprises and what hangs off them: extensions of the generic screens of EnterpriseInformation (and its
// segments) and HazardouswasteInformation, registered by the route that shows generic screens.
import { registerScreenExtension } from '../../crud';
import { useEnterpriseScreen } from './enterpriseScreen';
import { useHazardousWasteScreen } from './hazardousWasteScreen';

/** A call, not an import side effect: the build drops modules imported only for their effects. */
export function registerEnterpriseScreens(): void {
  registerScreenExtension('EnterpriseInformation', useEnterpriseScreen);
  registerScreenExtension('HazardouswasteInformation', useHazardousWasteScreen);
}

export { useEnterpriseScreen, LOCATION_FIELDS } from './enterpriseScreen';
export { useHazardousWasteScreen, hazardsFromWastecode, WASTECODE_LOOKUP } from './hazardousWasteScreen';
export { InspectionsDrawer, INSPECTIONS_KEY, inspectionsOpened } from './InspectionsDrawer';
export { RegionSection, REGION_CODE_FIELDS, REGION_VALUE_KEYS, regionPatchOf, regionValueOf } from './RegionSection';
