import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { CrudError } from '../crud/types';

/** 1 province, 2 city, 3 county (district), 4 town (street office), 5 village (community). */
export type RegionLevel = 1 | 2 | 3 | 4 | 5;

/** One administrative division as `EnterpriseInformation/GetCitys` lists it. */
export interface Region {
  code: string;
  name: string;
  level: RegionLevel;
  hasChildren: boolean;
}

export interface RegionChildren {
  items: Region[];
  loading: boolean;
  loaded: boolean;
  error: CrudError | null;
}

export interface RegionsState {
  /** Children by parent code; the provinces are under `''`. The divisions never change while the client runs. */
  byParent: Record<string, RegionChildren>;
}

export interface RegionsRootState {
  regions: RegionsState;
}

export const initialRegionsState: RegionsState = { byParent: {} };

export const EMPTY_CHILDREN: RegionChildren = { items: [], loading: false, loaded: false, error: null };

/** The cache key of a parent: its code, or `''` for the provinces. */
export const parentKey = (parentCode: string | null): string => parentCode ?? '';

type ParentPayload = { parentCode: string | null };

const regionsSlice = createSlice({
  name: 'regions',
  initialState: initialRegionsState,
  reducers: {
    /** Asks for the children of a parent (`null`: the provinces); answered from the cache when already there. */
    childrenRequested(_state, _action: PayloadAction<ParentPayload>) {},
    childrenLoading(state, action: PayloadAction<ParentPayload>) {
      const key = parentKey(action.payload.parentCode);
      state.byParent[key] = { ...(state.byParent[key] ?? EMPTY_CHILDREN), loading: true, error: null };
    },
    childrenLoaded(state, action: PayloadAction<ParentPayload & { items: Region[] }>) {
      state.byParent[parentKey(action.payload.parentCode)] = { items: action.payload.items, loading: false, loaded: true, error: null };
    },
    childrenFailed(state, action: PayloadAction<ParentPayload & { error: CrudError }>) {
      const key = parentKey(action.payload.parentCode);
      state.byParent[key] = { ...(state.byParent[key] ?? EMPTY_CHILDREN), loading: false, error: action.payload.error };
    },
  },
});

export const regionsActions = regionsSlice.actions;
export const regionsReducer = regionsSlice.reducer;

export const selectRegionChildren = (state: RegionsRootState, parentCode: string | null): RegionChildren =>
  state.regions.byParent[parentKey(parentCode)] ?? EMPTY_CHILDREN;
