import { useSelector } from 'react-redux';
import { selectTimeZone } from './selectors';

/** The tenant's time zone, for a component that shows times or counts days (re-renders when the tenant changes it). */
export function useTimeZone(): string {
  return useSelector(selectTimeZone);
}
