import '@blueprintjs/table/lib/css/table.css';
import { ResourcePage } from '../crud';
import { registerEnterpriseScreens } from '../modules/enterprises';
import { registerInventoryScreens } from '../modules/inventory';
import { registerMonitoringScreens } from '../modules/monitoring';

// The extensions of the enterprise, inventory and monitoring screens travel in this chunk with the generic screen.
registerEnterpriseScreens();
registerInventoryScreens();
registerMonitoringScreens();

/**
 * A declared resource's screen; the table's style sheet travels with it, not with the login route. A segment route
 * shows its part of the resource with a list state of its own.
 */
export default function ResourceRoute({ resource, segment }: { resource: string; segment?: string }) {
  return <ResourcePage key={segment ?? resource} resource={resource} segment={segment} />;
}
