export { TrashPage as Component } from '../../features/trash/components/trash-page';
