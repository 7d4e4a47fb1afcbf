import { useMemo } from 'react';
import { Tag } from '@blueprintjs/core';
import type { EntityDto } from '../../../shared/resource-kit';
import {
  crudActions as A, enumValuesOf, isEmpty, lookupKey, recordName, selectLookup, useCrudDispatch, useCrudSelector,
  type FormValues, type LookupItem, type RowAction, type ScreenExtension,
} from '../../crud';

/** The lookup the form's waste-code select fills; its items carry the code's hazard characteristics. */
export const WASTECODE_LOOKUP = lookupKey('Wastecode', 'GetWastecodeAll');

const STATUS_IN_USE = 0;
const STATUS_DISABLED = 1;

/** Picking a waste code fills empty hazard characteristics with the code's, as the server would. */
export function hazardsFromWastecode(patch: FormValues, next: FormValues, wastecodes: readonly LookupItem[]): FormValues | undefined {
  if (!('wastecodeId' in patch) || isEmpty(patch.wastecodeId) || !isEmpty(next.hazardCharacteristics)) return undefined;
  const code = wastecodes.find((item) => item.id === Number(patch.wastecodeId));
  const hazards = code ? enumValuesOf(code.hazardCharacteristics) : [];
  return hazards.length > 0 ? { hazardCharacteristics: hazards } : undefined;
}

const isDisabled = (row: EntityDto) => Number(row.status) === STATUS_DISABLED;

/** Hazardous waste information: hazard characteristics from the waste code, and putting a waste out of use and back. */
export const useHazardousWasteScreen: ScreenExtension = ({ view, t, zone }) => {
  const dispatch = useCrudDispatch();
  const wastecodes = useCrudSelector((s) => selectLookup(s, WASTECODE_LOOKUP).items);

  const rowActions = useMemo<RowAction[]>(() => {
    const ask = (row: EntityDto, status: number) => dispatch(A.commandAsked({
      resource: view.name,
      command: { method: 'UpdateStatus', verb: 'PUT', body: { id: row.id, status } },
      message: t(status === STATUS_DISABLED ? 'enterprises.confirmDisable' : 'enterprises.confirmEnable', { name: recordName(view, row, t, zone) }),
    }));
    return [
      { key: 'disable', text: t('enterprises.disable'), icon: 'disable', intent: 'warning', hidden: isDisabled, onClick: (row) => ask(row, STATUS_DISABLED) },
      { key: 'enable', text: t('enterprises.enable'), icon: 'play', intent: 'success', hidden: (row) => !isDisabled(row), onClick: (row) => ask(row, STATUS_IN_USE) },
    ];
  }, [dispatch, t, view, zone]);

  const columnRenderers = useMemo(() => ({
    status: (row: EntityDto, text: string) => <Tag minimal intent={isDisabled(row) ? 'none' : 'success'}>{text}</Tag>,
  }), []);

  return {
    rowActions,
    columnRenderers,
    deriveValues: (patch, next) => hazardsFromWastecode(patch, next, wastecodes),
  };
};
