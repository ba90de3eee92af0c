export { TasksPage as Component } from '../../features/tasks/components/tasks-page';
