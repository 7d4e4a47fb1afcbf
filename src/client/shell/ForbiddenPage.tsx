import { StatusPage } from './StatusPage';

/** error-403: where a route whose permission the user lacks ends up. */
export default function ForbiddenPage() {
  return <StatusPage code={403} icon="disable" topic="forbidden" testId="forbidden-page" />;
}
