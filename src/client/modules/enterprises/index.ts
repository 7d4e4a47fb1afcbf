// Enterprises and what hangs off them: extensions of the generic screens of EnterpriseInformation (and its
// segments) and HazardouswasteInformation, listed by the route that shows generic screens.

export { useEnterpriseScreen, LOCATION_FIELDS } from './enterpriseScreen';
export { useHazardousWasteScreen, hazardsFromWastecode, WASTECODE_LOOKUP } from './hazardousWasteScreen';
export { InspectionsDrawer, INSPECTIONS_KEY, inspectionsOpened } from './InspectionsDrawer';
export { RegionSection, REGION_CODE_FIELDS, REGION_VALUE_KEYS, regionPatchOf, regionValueOf } from './RegionSection';
