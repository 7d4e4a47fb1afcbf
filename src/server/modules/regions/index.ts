export { childrenOf, findRegion, levelOfCode, resolveRegionPath, REGION_FIELDS } from './regions';
export type { Region, RegionCodes, RegionField, RegionLevel, RegionPath } from './regions';
export { registerRegions } from './service';
