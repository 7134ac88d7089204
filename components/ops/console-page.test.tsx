import { render, screen } from '@testing-library/react';
import { use } from 'react';
import { describe, expect, it } from 'vitest';
import { ConsolePage } from './console-page';

describe('ConsolePage', () => {
  it("shows the section's title, and the loading line while its list suspends", () => {
    const never = new Promise<never>(() => undefined);
    function Waiting(): never {
      use(never);
      throw new Error('unreachable');
    }
    render(
      <ConsolePage section="audit">
        <Waiting />
      </ConsolePage>,
    );
    expect(screen.getByRole('heading', { level: 1, name: '감사 로그' })).toBeVisible();
    expect(screen.getByText('불러오는 중…')).toHaveAttribute('aria-busy', 'true');
  });

  it('shows the list once it renders', () => {
    render(
      <ConsolePage section="webhooks">
        <p>목록</p>
      </ConsolePage>,
    );
    expect(screen.getByText('목록')).toBeVisible();
    expect(screen.queryByText('불러오는 중…')).toBeNull();
  });
});
