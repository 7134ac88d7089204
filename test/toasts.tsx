// Components that report success with a toast: rendered inside the app's Toaster, and the toast
// found in its region (Radix's live announcement of the same text is left out).
import { render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Toaster } from '@/components/ui/toaster';

export const renderWithToasts = (ui: ReactElement) => render(<Toaster>{ui}</Toaster>);

export const findToast = async (text: string | RegExp) =>
  within(screen.getByRole('region', { name: /^알림/ })).findByText(text);
