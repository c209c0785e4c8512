import { lazy } from 'react';
import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import { OpenedOnce } from './OpenedOnce';

let loads = 0;
const Dialog = lazy(async () => {
  loads++;
  return { default: ({ open }: { open: boolean }) => <div role="dialog">{open ? 'shown' : 'closing'}</div> };
});

describe('a lazy dialog opened once', () => {
  it('loads nothing until first opened, then stays mounted when closed and opened again', async () => {
    const draw = (open: boolean) => (
      <OpenedOnce open={open}>
        <Dialog open={open} />
      </OpenedOnce>
    );
    const { rerender } = render(draw(false));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(loads).toBe(0);

    rerender(draw(true));
    expect((await screen.findByRole('dialog')).textContent).toBe('shown');
    rerender(draw(false));
    expect(screen.getByRole('dialog').textContent).toBe('closing');
    rerender(draw(true));
    expect(screen.getByRole('dialog').textContent).toBe('shown');
    expect(loads).toBe(1);
  });
});
