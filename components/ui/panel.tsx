import type { ComponentPropsWithoutRef, ElementType } from 'react';
import { classNames } from './class-names';

/** The shop's white box (app/globals.css) or the console's denser one (app/ops/ops.css, /ops pages only). */
const variantClass = { shop: 'panel', console: 'ops-panel' } as const;

export type PanelVariant = keyof typeof variantClass;

export type PanelProps<T extends ElementType> = {
  /** The element it is: a section by default; a form, a details, a list item, … where that is what it is. */
  as?: T;
  variant?: PanelVariant;
} & Omit<ComponentPropsWithoutRef<T>, 'as'>;

/** A bordered box around one part of a page. */
export function Panel<T extends ElementType = 'section'>({ as, variant = 'shop', className, ...props }: PanelProps<T>) {
  const Element: ElementType = as ?? 'section';
  return <Element className={classNames(variantClass[variant], className)} {...props} />;
}
