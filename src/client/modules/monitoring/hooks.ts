import { useDispatch, useSelector } from 'react-redux';
import type { Dispatch } from '@reduxjs/toolkit';
import type { MonitoringRootState } from './selectors';

// Typed locally so that this module does not depend on the application's store type.
export const useMonitoringSelector = useSelector.withTypes<MonitoringRootState>();
export const useMonitoringDispatch = useDispatch.withTypes<Dispatch>();
