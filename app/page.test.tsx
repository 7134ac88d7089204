import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { flows } from '@/app/flows';
import HomePage from './page';

describe('HomePage', () => {
  it('links every flow with its Korean title', () => {
    render(<HomePage />);
    const nav = screen.getByRole('navigation', { name: '주요 기능' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(flows.map((flow) => flow.href));
    expect(within(nav).getByRole('link', { name: /정기구독/ })).toBeInTheDocument();
  });
});
