// Stands in for `use-sync-external-store/shim` (react-i18next's useTranslation imports it) in the web
// bundles. That package back-ports the hook to React < 18 and, on a React that has it, hands out React's
// own; ours is React 19, so this is what it would hand out, without its fallback code in the
// shell's first load.
export { useSyncExternalStore } from 'react';
