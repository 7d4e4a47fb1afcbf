import { StatusPage } from './StatusPage';

/** Any path the route table does not know. */
export default function NotFoundPage() {
  return <StatusPage code={404} icon="search" topic="notFound" testId="not-found-page" />;
}
