import type { ComponentProps, ReactNode } from 'react';
import { classNames } from './class-names';

/**
 * The shop's buttons (styles in app/globals.css, "Primitives"): filled, outlined, red, a link's look,
 * or `choice` — every option of a customer's choice in one and the same look (in a `.choice-row`).
 */
const variantClass = {
  primary: 'button',
  secondary: 'button button-secondary',
  choice: 'button button-choice',
  danger: 'button button-danger',
  link: 'link-button',
} as const;

export type ButtonVariant = keyof typeof variantClass;

/** A button's classes, for an element that only looks like one (a Link to another page). */
export function buttonClassName(variant: ButtonVariant = 'primary', className?: string) {
  return classNames(variantClass[variant], className);
}

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant;
  /** Its request runs: the button is disabled (a double click cannot send it twice) and says so. */
  pending?: boolean;
  /** What it says while pending ("저장하는 중…"); without one it keeps its label. */
  pendingLabel?: ReactNode;
}

export function Button({
  variant = 'primary',
  pending = false,
  pendingLabel,
  className,
  type = 'button',
  disabled,
  children,
  ...button
}: ButtonProps) {
  return (
    <button
      type={type}
      className={buttonClassName(variant, className)}
      disabled={pending || disabled}
      aria-busy={pending || undefined}
      {...button}
    >
      {pending && pendingLabel !== undefined ? pendingLabel : children}
    </button>
  );
}
