import '@/shared/upload/test-env';
import { describe, expect, it, vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import { Row } from 'antd';
import { useSession } from '@/shared/auth/store';
import { WorkbenchWidgets, type WorkbenchWidget } from '@/shared/page/widgets';
import { WidgetSlot } from './WidgetSlot';

describe('the workbench widget slot', () => {
  it("shows the cards the caller holds the code for, and never loads the others'", async () => {
    const salesLoad = vi.fn(async () => ({ default: () => <p>sales card</p> }));
    const otherLoad = vi.fn(async () => ({ default: () => <p>finance card</p> }));
    const widgets: WorkbenchWidget[] = [
      { key: 'sales', permission: 'sales_desk', load: salesLoad },
      { key: 'finance', permission: 'finance_desk', load: otherLoad },
      { key: 'open', load: async () => ({ default: () => <p>open card</p> }) },
    ];
    useSession.setState({ permission: { sales_desk: true } });
    render(
      <WorkbenchWidgets.Provider value={widgets}>
        <Row>
          <WidgetSlot />
        </Row>
      </WorkbenchWidgets.Provider>,
    );
    expect(await screen.findByText('sales card')).toBeTruthy();
    expect(await screen.findByText('open card')).toBeTruthy();
    expect(screen.queryByText('finance card')).toBeNull();
    expect(otherLoad).not.toHaveBeenCalled();
  });
});
