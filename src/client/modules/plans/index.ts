// Annual management plans: the generic screen with a rows editor, status moves and a rows drawer.
export { default as PlansPage } from './PlansPage';
export { planPayload } from './plan-rows';
export { watchPlans } from './plansSaga';
export { plansSlice, initialPlansState, type PlansState } from './plansSlice';
