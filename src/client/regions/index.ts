// The administrative-division cascade of address fields: children cached by parent code, one select per level.
export { RegionCascade, EMPTY_REGION_VALUE, REGION_FIELDS, type RegionCascadeProps, type RegionField, type RegionValue } from './RegionCascade';
export { regionsActions, regionsReducer, selectRegionChildren, type Region, type RegionChildren, type RegionLevel, type RegionsState } from './slice';
export { watchRegions, GET_CITYS } from './sagas';
