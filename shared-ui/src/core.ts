// Consumers type-check shared-ui from their own tsconfig, which does not include src/types: the reference
// brings our @surfnet/sds declarations along (an import cannot: the file declares an ambient module).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./types/surfnet-sds.d.ts" />
// shared-ui's core (`shared-ui/core`), a Module Federation singleton of its own: the remote contract, the i18n
// setup, the slot host, and the components the shell's first page draws (loader, flash messages, the error
// boundary and dialog, the unavailable panel). Everything here holds the console's one copy of some state
// (i18n's registered texts, the slot host's context) or is on the landing page; the lists and form
// components are in the rest of shared-ui (index.ts), a chunk the landing does not load.
//
// Remotes import all of it from 'shared-ui', which passes it on; only the shell imports 'shared-ui/core'.
import './styles/shared-ui.css';

export * from './contract';

export {
  i18n,
  initI18n,
  loadLanguageTexts,
  registerTranslations,
  UI_NAMESPACE,
  type LazyTranslations,
} from './i18n/i18n';
export { detectLanguage, languageUrl, switchLanguage, type Language } from './i18n/language';

export { FlashMessages } from './components/flash-messages.component';
export { ConfirmationDialog, type ConfirmationDialogProps } from './components/confirmation-dialog.component';
export { ErrorDialog, type ErrorDialogProps } from './components/error-dialog.component';
export { Loader, type LoaderProps } from './components/loader.component';
export { UnavailablePanel, type UnavailablePanelProps } from './components/unavailable-panel.component';
export { ErrorBoundary, type ErrorBoundaryProps } from './components/error-boundary.component';
export {
  SlotHostProvider,
  contributionsSlotHost,
  useSlotItems,
  type SlotItem,
  type SlotItems,
  type UseSlotItems,
} from './components/slot-host.component';
