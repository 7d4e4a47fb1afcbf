import type { ReactNode } from 'react';
import type { EntityDto, Language } from '../../shared/resource-kit';
import type { FormValues } from './form-values';
import type { FormMode, FormSection } from './ResourceForm';
import type { ColumnRenderer, RowAction } from './ResourceTable';
import type { ResourceView, Translate } from './types';

export interface ScreenExtensionContext {
  /** The screen's view (a segment's, for a segment route). */
  view: ResourceView;
  t: Translate;
  language: Language;
  /** The tenant's time zone: times the extension shows are read on its clock. */
  zone: string;
}

/** What an extension adds to a resource's generic screen; merged with what the page is given directly. */
export interface ScreenExtensionParts {
  /**
   * The screen's own view of the declaration (fields shown or edited differently, other save methods), or a local
   * description for resources without a declaration (users, roles, tenants).
   */
  view?: ResourceView;
  /** Custom cell content by field name. */
  columnRenderers?: Record<string, ColumnRenderer>;
  /** Extra parts of the create/edit dialog, given the working values and a setter. */
  formSections?: readonly FormSection[];
  /** Last word on the Create/Update body. */
  transformPayload?: (body: Record<string, unknown>, values: FormValues, mode: FormMode) => Record<string, unknown>;
  /** Form values that follow from a change (see `ResourceForm`). */
  deriveValues?: (patch: FormValues, next: FormValues, mode: FormMode) => FormValues | undefined | void;
  /** Extra toolbar buttons (before Refresh/Export/New). */
  toolbarActions?: ReactNode;
  /** Extra buttons in each row's action cell. */
  rowActions?: RowAction[];
  canEdit?: (row: EntityDto) => boolean;
  canDelete?: (row: EntityDto) => boolean;
  /** Values a new record starts from, over the declared defaults. */
  createDefaults?: Record<string, unknown>;
  formWidth?: number;
  /** Rendered after the screen: drawers and dialogs the extension opens. */
  children?: ReactNode;
}

/**
 * A hook run on every render of the screen of its resource (so it may use React and store hooks), returning the
 * parts it adds. The composition root lists each resource's extension and hands it to the screen.
 */
export type ScreenExtension = (ctx: ScreenExtensionContext) => ScreenExtensionParts;

const both = <A extends unknown[]>(a?: (...args: A) => boolean, b?: (...args: A) => boolean) =>
  a && b ? (...args: A) => a(...args) && b(...args) : (a ?? b);

/** The page's own parts win where one value must be chosen; lists are joined, checks must all pass. */
export function mergeParts(ext: ScreenExtensionParts, own: ScreenExtensionParts): ScreenExtensionParts {
  const transforms = [ext.transformPayload, own.transformPayload].filter((f) => f !== undefined);
  const derivers = [ext.deriveValues, own.deriveValues].filter((f) => f !== undefined);
  return {
    view: ext.view ?? own.view,
    columnRenderers: ext.columnRenderers || own.columnRenderers ? { ...ext.columnRenderers, ...own.columnRenderers } : undefined,
    formSections: ext.formSections || own.formSections ? [...(ext.formSections ?? []), ...(own.formSections ?? [])] : undefined,
    transformPayload: transforms.length === 0 ? undefined
      : (body, values, mode) => transforms.reduce((b, f) => f(b, values, mode), body),
    deriveValues: derivers.length === 0 ? undefined : (patch, next, mode) => {
      let extra: FormValues = {};
      for (const derive of derivers) {
        const more = derive({ ...patch, ...extra }, { ...next, ...extra }, mode);
        if (more) extra = { ...extra, ...more };
      }
      return extra;
    },
    toolbarActions: ext.toolbarActions || own.toolbarActions ? <>{ext.toolbarActions}{own.toolbarActions}</> : undefined,
    rowActions: ext.rowActions || own.rowActions ? [...(ext.rowActions ?? []), ...(own.rowActions ?? [])] : undefined,
    canEdit: both(ext.canEdit, own.canEdit),
    canDelete: both(ext.canDelete, own.canDelete),
    createDefaults: ext.createDefaults || own.createDefaults ? { ...ext.createDefaults, ...own.createDefaults } : undefined,
    formWidth: own.formWidth ?? ext.formWidth,
    children: ext.children,
  };
}
