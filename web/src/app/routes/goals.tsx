export { GoalsPage as Component } from '../../features/goals/components/goals-page';
