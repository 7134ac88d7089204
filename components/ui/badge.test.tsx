import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BADGE_VARIANTS, Badge } from './badge';

describe('Badge', () => {
  it('is the plain badge by default', () => {
    render(<Badge>기본 카드</Badge>);
    expect(screen.getByText('기본 카드')).toHaveProperty('className', 'badge');
  });

  it.each(BADGE_VARIANTS.filter((variant) => variant !== 'neutral'))('variant %s adds its colour class', (variant) => {
    render(<Badge variant={variant}>상태</Badge>);
    expect(screen.getByText('상태')).toHaveProperty('className', `badge badge-${variant}`);
  });

  it('keeps the caller’s classes after its own', () => {
    render(
      <Badge variant="paid" className="ml-0">
        결제 완료
      </Badge>,
    );
    expect(screen.getByText('결제 완료')).toHaveProperty('className', 'badge badge-paid ml-0');
  });
});
