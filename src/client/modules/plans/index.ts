// Annual management plans: the generic screen with a rows editor, status moves and a rows drawer.
export { usePlansScreen } from './plansScreen';
export { planPayload } from './plan-rows';
