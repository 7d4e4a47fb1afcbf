// Placeholder seam: the CRUD engine of the client (one slice keyed by resource name, one saga factory, the generic
// ResourcePage) is being written; the shell imports these names.
import type { Reducer } from '@reduxjs/toolkit';
import type { ComponentType } from 'react';

export const crudReducer: Reducer = (state: Record<string, unknown> = {}) => state;
export function* crudSaga(): Generator {}
export const ResourcePage: ComponentType<{ resource: string }> = () => null;
