/**
 * @surfnet/sds 0.0.127 ships no types (its `types` points to a missing file). These declare only the
 * components shared-ui uses, with the props read from its source. Texts passed as `message`/`txt` are
 * rendered as sanitised HTML by the library.
 */
declare module '@surfnet/sds' {
  import type { MouseEvent, ReactElement, ReactNode } from 'react';

  export enum AlertType {
    Default = 'sds--alert--status-default',
    Success = 'sds--alert--status-success',
    Warning = 'sds--alert--status-warning',
    Error = 'sds--alert--status-error',
    Info = 'sds--alert--status-info',
  }

  export interface AlertProps {
    message: string;
    alertType?: AlertType;
    action?: () => void;
    actionLabel?: string;
    close?: () => void;
    hide?: boolean;
    asChild?: boolean;
  }
  export function Alert(props: AlertProps): ReactElement;

  export enum ToasterType {
    Default = 'sds--toaster--status-default',
    Success = 'sds--toaster--status-success',
    Warning = 'sds--toaster--status-warning',
    Error = 'sds--toaster--status-error',
    Info = 'sds--toaster--status-info',
  }

  export interface ToasterProps {
    toasterType: ToasterType;
    message?: string;
    large?: boolean;
    action?: () => void;
    actionLabel?: string;
    close?: () => void;
    children?: ReactNode;
  }
  export function Toaster(props: ToasterProps): ReactElement;
  export function ToasterContainer(props: { children?: ReactNode }): ReactElement;

  export function Loader(props: { children?: ReactNode }): ReactElement;

  export enum ButtonType {
    Primary = 'sds--btn--primary',
    Secondary = 'sds--btn--secondary',
    Tertiary = 'sds--btn--tertiary',
    GhostDark = 'sds--btn--ghost--dark',
    GhostLight = 'sds--btn--ghost--light',
    Delete = 'sds--btn--delete',
    DeleteSecondary = 'sds--btn--delete--secondary',
  }

  export enum ButtonSize {
    Default = '',
    Small = 'sds--btn--small',
    Full = 'sds--btn--full',
  }

  export interface ButtonProps {
    /** Rendered as sanitised HTML. */
    txt?: string;
    type?: ButtonType;
    size?: ButtonSize;
    disabled?: boolean;
    active?: boolean;
    icon?: ReactNode;
    /** The library calls preventDefault and stopPropagation before this. */
    onClick?: (event: MouseEvent<HTMLButtonElement>) => void;
    children?: ReactNode;
  }
  export function Button(props: ButtonProps): ReactElement;

  export function BadgeNumber(props: {
    value: number | string;
    colored?: boolean;
    small?: boolean;
  }): ReactElement;

  export interface BreadCrumbItem {
    component: ReactNode;
  }
  export function BreadCrumb(props: { items: BreadCrumbItem[] }): ReactElement;
}
