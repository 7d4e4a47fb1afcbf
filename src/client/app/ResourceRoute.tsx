import '@blueprintjs/table/lib/css/table.css';
import { ResourcePage } from '../crud';

/** A declared resource's screen; the table's style sheet travels with it, not with the login route. */
export default function ResourceRoute({ resource }: { resource: string }) {
  return <ResourcePage key={resource} resource={resource} />;
}
