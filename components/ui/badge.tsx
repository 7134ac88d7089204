import type { HTMLAttributes } from 'react';
import { classNames } from './class-names';

/**
 * The badges' colours (styles in app/globals.css, "Primitives"): `neutral` is the plain blue one
 * (기본 카드), the others are an order's or a subscription's status, or a card's subscription mark.
 */
export const BADGE_VARIANTS = [
  'neutral',
  'subscription',
  'paid',
  'failed',
  'refunded',
  'pending',
  'awaiting',
  'active',
  'past_due',
  'incomplete',
  'cancelled',
] as const;

export type BadgeVariant = (typeof BADGE_VARIANTS)[number];

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  variant?: BadgeVariant;
}

/** A short status next to a name: "결제 완료", "기본 카드". */
export function Badge({ variant = 'neutral', className, ...span }: BadgeProps) {
  return <span className={classNames('badge', variant !== 'neutral' && `badge-${variant}`, className)} {...span} />;
}
