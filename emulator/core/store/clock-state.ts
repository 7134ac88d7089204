/**
 * The emulator's one clock (Stripe's "test clocks" idea). Running: real time plus an offset, so
 * real time passing moves it. Frozen: it stands still until advanced. It only ever moves forward.
 * All values are integer UNIX seconds.
 */
export type ClockState = { mode: 'running'; offset: number } | { mode: 'frozen'; at: number };
