import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Panel } from './panel';

describe('Panel', () => {
  it('is a section with the shop panel class by default', () => {
    render(<Panel aria-label="내 정보">내용</Panel>);
    const panel = screen.getByRole('region', { name: '내 정보' });
    expect(panel.tagName).toBe('SECTION');
    expect(panel.className).toBe('panel');
  });

  it('renders as the element asked for, with the console variant and the caller’s classes', () => {
    render(
      <Panel as="form" variant="console" className="mb-0" aria-label="환불">
        내용
      </Panel>,
    );
    const form = screen.getByRole('form', { name: '환불' });
    expect(form.tagName).toBe('FORM');
    expect(form.className).toBe('ops-panel mb-0');
  });
});
