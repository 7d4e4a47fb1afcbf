import type { Resource } from '../../shared/resource-kit';
import type { AppServiceRegistry } from '../http/app-services';
import type { ResourceHooks } from './engine';

/**
 * Everything a declared resource does beyond its declaration, in one place: the hooks the engine calls around its
 * standard endpoints (checks, owned rows, what a write answers, what `Get` adds) and the app-service methods it adds
 * (status moves, reports). A plain resource has none. Every module is listed once, in modules/index.ts.
 */
export interface ResourceModule<R extends Resource = Resource> {
  resource: R;
  hooks?: ResourceHooks<R>;
  methods?(registry: AppServiceRegistry): void;
}

/**
 * A module checked against its own declaration (its hooks read `values.year` as a number), then handed to the engine,
 * which serves every resource through the loose record types.
 */
export function defineModule<R extends Resource>(module: ResourceModule<R>): ResourceModule {
  return module as unknown as ResourceModule;
}

/** App services that belong to no one declared resource (account, session, users, the event log…). */
export type ServiceModule = (registry: AppServiceRegistry) => void;
