import { useMemo, useState } from 'react';
import { Tag } from '@blueprintjs/core';
import type { EnumField } from '../../../shared/resource-kit';
import {
  enumLabel, enumValuesOf, recordName, useCrudDispatch, type FormSection, type RowAction, type ScreenExtension,
} from '../../crud';
import { InspectionsDrawer, inspectionsOpened, type InspectedEnterprise } from './InspectionsDrawer';
import { useIsGranted } from '../../session/useIsGranted';
import { REGION_VALUE_KEYS, RegionSection } from './RegionSection';

/** Declared fields shown with the cascade instead of in the main grid. */
export const LOCATION_FIELDS = ['address', 'longitude', 'latitude'] as const;

const TYPE_INTENTS: Record<string, 'primary' | 'warning' | 'success'> = { 1: 'primary', 2: 'warning', 3: 'success' };

/**
 * The enterprise screen (and its receiver, producer and transporter segments): the location section with the
 * region cascade, every corporate type as a tag, and each enterprise's inspections in a drawer.
 */
export const useEnterpriseScreen: ScreenExtension = ({ view, t, zone }) => {
  const dispatch = useCrudDispatch();
  const canSeeInspections = useIsGranted('Pages.RegularInspections');
  const [inspected, setInspected] = useState<InspectedEnterprise | null>(null);
  const typeField = view.fields.corporateType as EnumField | undefined;

  const formSections = useMemo<FormSection[]>(() => [{
    key: 'region',
    // The heading is the label of the region the server writes from these codes (所在地区).
    title: t(view.i18n.field('regionName')),
    valueKeys: REGION_VALUE_KEYS,
    fields: LOCATION_FIELDS,
    render: (ctx) => <RegionSection {...ctx} />,
  }], [t, view]);

  const columnRenderers = useMemo(() => (typeField ? {
    corporateType: (row: Record<string, unknown>) => (
      <span data-testid={`corporate-types-${String(row.id)}`}>
        {enumValuesOf(row.corporateType).map((value) => (
          <Tag key={String(value)} minimal intent={TYPE_INTENTS[String(value)]} style={{ marginRight: 4 }}>
            {enumLabel(typeField, value, t)}
          </Tag>
        ))}
      </span>
    ),
  } : undefined), [typeField, t]);

  const rowActions = useMemo<RowAction[]>(() => (canSeeInspections ? [{
    key: 'inspections',
    text: t('enterprises.inspections'),
    icon: 'clipboard',
    onClick: (row) => {
      setInspected({ id: row.id, name: recordName(view, row, t, zone) });
      dispatch(inspectionsOpened(row.id));
    },
  }] : []), [canSeeInspections, dispatch, t, view, zone]);

  return {
    formSections,
    columnRenderers,
    rowActions,
    formWidth: 760,
    children: <InspectionsDrawer enterprise={inspected} onClose={() => setInspected(null)} />,
  };
};
