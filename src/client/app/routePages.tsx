import { type ComponentType, lazy } from 'react';
import type { RouteEntry } from '../../shared/navigation';

// Every screen behind the login is its own chunk: the login route loads neither the CRUD table (@blueprintjs/table)
// nor charts. webpackChunkName keeps the emitted file names readable in the network panel.
const HomePage = lazy(() => import(/* webpackChunkName: "home" */ '../modules/home/HomePage'));
const ForbiddenPage = lazy(() => import(/* webpackChunkName: "error-pages" */ '../shell/ForbiddenPage'));
const ResourceRoute = lazy(() => import(/* webpackChunkName: "resource" */ './ResourceRoute'));
const UsersPage = lazy(() => import(/* webpackChunkName: "admin" */ '../modules/admin').then((m) => ({ default: m.UsersPage })));
const RolesPage = lazy(() => import(/* webpackChunkName: "admin" */ '../modules/admin').then((m) => ({ default: m.RolesPage })));
const TenantsPage = lazy(() => import(/* webpackChunkName: "admin" */ '../modules/admin').then((m) => ({ default: m.TenantsPage })));
const TransferOrderPage = lazy(() => import(/* webpackChunkName: "transfer" */ '../modules/transfer/TransferPage'));
const ChatPage = lazy(() => import(/* webpackChunkName: "chat" */ '../modules/chat/ChatPage'));
const StoragePage = lazy(() => import(/* webpackChunkName: "monitoring" */ '../modules/monitoring/StoragePage'));
const SupervisorConsolePage = lazy(() => import(/* webpackChunkName: "monitoring" */ '../modules/monitoring/ConsolePage'));
const BigDataPage = lazy(() => import(/* webpackChunkName: "bigdata" */ '../modules/bigdata/BigDataPage'));
const AreaPage = lazy(() => import(/* webpackChunkName: "recycling" */ '../modules/recycling/AreaPage'));
const IntegralPage = lazy(() => import(/* webpackChunkName: "recycling" */ '../modules/recycling/IntegralPage'));
const RecordsPage = lazy(() => import(/* webpackChunkName: "recycling" */ '../modules/recycling/RecordsPage'));
const SettingsPage = lazy(() => import(/* webpackChunkName: "settings" */ '../modules/settings/SettingsPage'));
const TransferReceptionPage = lazy(() => import(/* webpackChunkName: "transfer" */ '../modules/transfer/TransferPage').then((m) => ({ default: m.TransferReceptionPage })));

/**
 * Screens written by hand, by route name: they replace what the route's kind would show (the storage points' live
 * screen stands in for the derived one). A derived screen is extended in ResourceRoute instead.
 */
const HAND_WRITTEN_PAGES: Record<string, ComponentType> = {
  hazardouswastestorage: StoragePage,
  user: UsersPage,
  role: RolesPage,
  tenant: TenantsPage,
  transferorder: TransferOrderPage,
  transferreception: TransferReceptionPage,
  chatlog: ChatPage,
  supervisorconsole: SupervisorConsolePage,
  customerinformation: BigDataPage,
  area: AreaPage,
  integral: IntegralPage,
  rblist: RecordsPage,
  settings: SettingsPage,
};

/** The screen of a route inside the shell, by route kind. */
export function RoutePage({ route }: { route: RouteEntry }) {
  const Page = HAND_WRITTEN_PAGES[route.name];
  if (Page) return <Page />;
  switch (route.kind) {
    case 'home':
      return <HomePage />;
    case 'resource':
      return <ResourceRoute resource={route.resource ?? route.name} segment={route.segment} />;
    default:
      return <ForbiddenPage />;
  }
}
