// The loading hook lives in shared-ui, for every remote.
export { useLoad, type LoadState } from 'shared-ui';
