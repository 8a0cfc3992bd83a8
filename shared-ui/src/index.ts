// Consumers type-check shared-ui from their own tsconfig, which does not include src/types: the reference
// brings our @surfnet/sds declarations along (an import cannot: the file declares an ambient module).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./types/surfnet-sds.d.ts" />
// The public API of shared-ui: the remote contract, the i18n setup and the shared components.
//
// Its core (core.ts) comes by its package path, not a relative one: 'shared-ui/core' is a Module Federation
// singleton of its own, so this module and the shell's first page share the one copy of its state (i18n's
// texts, the slot host's context) wherever each was loaded from.
export * from 'shared-ui/core';

export { Tabs, type TabItem, type TabsProps } from './components/tabs.component';
export {
  DataTable,
  type EntityColumn,
  type RowKey,
  type RowSelection,
  type SortDirection,
} from './components/data-table.component';
export { EntityTable, type EntityTableProps } from './components/entity-table.component';
export {
  PagedList,
  isSearchable,
  type PagedListProps,
  type PageRequest,
} from './components/paged-list.component';
export { Pagination, type PaginationProps } from './components/pagination.component';
export { NewEntityButton, type NewEntityAction } from './components/new-entity-button.component';
export {
  DatePicker,
  correctedDate,
  datePickerBounds,
  type DatePickerProps,
} from './components/date-picker.component';
export { AuthorityBadge, type AuthorityBadgeProps } from './components/authority-badge.component';
export { CopyControl, type CopyControlProps } from './components/copy-control.component';
export { Checkbox, type CheckboxProps } from './components/checkbox.component';
export {
  InputField,
  isLinkable,
  stripQuestionMarks,
  type InputFieldProps,
} from './components/input-field.component';
export {
  MultiSelectField,
  SelectField,
  type MultiSelectFieldProps,
  type SelectFieldProps,
  type SelectOption,
} from './components/select-field.component';
export { SwitchField, type SwitchFieldProps } from './components/switch-field.component';
export {
  ExpandableDescription,
  cutDescription,
  type ExpandableDescriptionProps,
} from './components/expandable-description.component';
export { Breadcrumb } from './components/breadcrumb.component';
export { MyApplications, type MyApplicationsProps } from './components/my-applications.component';
export { PageFrame, type PageFrameProps } from './components/page-frame.component';
export {
  addDays,
  formatDate,
  formatDateTime,
  formatDateValue,
  isoWeek,
  isWithin,
  parseDate,
  startOfDay,
} from './utils/date';
export { matchesSearch, sortEntities, sortValue, valueAt } from './utils/entity-sort';
export { paginationWindow, totalPages, type PageLink } from './utils/pagination';
export { useLoad, type LoadState } from './hooks/use-load';
