import { planStatus } from '../../../shared/enums';
import { annualmanagementplan } from '../../../shared/resources';
import { registerView, STANDARD_METHODS, viewFromResource } from '../../crud/view';
import type { ResourceView } from '../../crud/types';

/**
 * The plan screen's view: the declaration, but a plan is written with its rows in one call (CreateAMP_AMPM /
 * UpdateAMP_AMPM), so the generic save flow posts there. Registered when the store's sagas load, before any
 * save can be dispatched.
 */
export const planView: ResourceView = registerView({
  ...viewFromResource(annualmanagementplan),
  methods: { ...STANDARD_METHODS, create: 'CreateAMP_AMPM', update: 'UpdateAMP_AMPM' },
});

export const PLAN_RESOURCE = planView.name;

/** Only drafts and returned plans may change (the server refuses the others too). */
export const isPlanEditable = (status: unknown) => Number(status) === planStatus.draft || Number(status) === planStatus.returned;
