import { beforeAll, describe, expect, it } from 'vitest';
import i18n from '../i18n';
import './messages';
import { checkMapAddress, lockLocation, mapCenter, mapFieldProblem, MAP_DEFAULT_ZOOM } from './map';
import {
  confirmProblem,
  dedupeById,
  openSelection,
  selectable,
  toValue,
  toggle,
  type PickNode,
  type PickerValue,
} from './selection';
import { REGION_LEVELS, regionOption, regionPath, withChildren, zoneOptions } from './zones';

beforeAll(() => i18n.changeLanguage('en'));

const dept = (id: string, title = `dept ${id}`): PickNode => ({ id, title, isEmployee: false });
const emp = (id: string, title = `emp ${id}`): PickNode => ({ id, title, isEmployee: true });

describe('picker selection (spec §4, §5)', () => {
  it('opens on a copy: editing it leaves the value alone', () => {
    const value: PickerValue = { orgList: [dept('1')], empList: [emp('9')] };
    const copy = openSelection(value);
    const edited = toggle(copy, emp('8'), true, true);
    expect(edited.map((n) => n.id)).toEqual(['1', '9', '8']);
    expect(value.empList.map((n) => n.id)).toEqual(['9']);
    copy[0]!.title = 'changed';
    expect(value.orgList[0]!.title).toBe('dept 1');
  });

  it('needs at least one item to confirm', () => {
    expect(confirmProblem([])).toBe('pickers.required');
    expect(i18n.t('pickers.required')).toBe('Please select department/person');
    expect(confirmProblem([emp('1')])).toBeNull();
  });

  it('hands out departments and employees apart, each id once', () => {
    const value = toValue([
      dept('1'),
      emp('2'),
      emp('2', 'same person in a second department'),
      dept('1'),
      emp('3'),
    ]);
    expect(value.orgList.map((n) => n.id)).toEqual(['1']);
    expect(value.empList.map((n) => n.id)).toEqual(['2', '3']);
    expect(dedupeById([{ id: 'a' }, { id: 'b' }, { id: 'a' }])).toEqual([{ id: 'a' }, { id: 'b' }]);
  });

  it('keeps a department and an employee with the same id apart', () => {
    const sel = toggle(toggle([], dept('5'), true, true), emp('5'), true, true);
    expect(toValue(sel)).toEqual({ orgList: [dept('5')], empList: [emp('5')] });
  });

  it('replaces the choice in a single picker and unticks in any', () => {
    const one = toggle(toggle([], emp('1'), true, false), emp('2'), true, false);
    expect(one.map((n) => n.id)).toEqual(['2']);
    expect(toggle(one, emp('2'), false, false)).toEqual([]);
  });

  it('lets each mode tick only its kind', () => {
    expect([selectable(dept('1'), 'dept'), selectable(emp('1'), 'dept')]).toEqual([true, false]);
    expect([selectable(dept('1'), 'emp'), selectable(emp('1'), 'emp')]).toEqual([false, true]);
    expect([selectable(dept('1'), 'both'), selectable(emp('1'), 'both')]).toEqual([true, true]);
  });
});

describe('zones and regions (spec §3, §9)', () => {
  it('sorts zones by code on every level', () => {
    const options = zoneOptions([
      {
        id: 'b',
        title: 'Z20 South',
        code: 'Z20',
        children: [
          { id: 'b2', title: 'Z22 x', code: 'Z22' },
          { id: 'b1', title: 'Z21 y', code: 'Z21' },
        ],
      },
      { id: 'a', title: 'Z10 North', code: 'Z10' },
    ]);
    expect(options.map((o) => o.label)).toEqual(['Z10 North', 'Z20 South']);
    expect(options[1]!.children!.map((o) => o.value)).toEqual(['b1', 'b2']);
    expect(options[0]!.children).toBeUndefined();
  });

  it('stops regions at the configured depth (3 by default)', () => {
    expect(REGION_LEVELS).toBe(3);
    expect(regionOption({ code: '31', name: '上海市', hasChildren: true }, 1, 3).isLeaf).toBe(false);
    expect(regionOption({ code: '310101', name: '黄浦区', hasChildren: false }, 3, 3).isLeaf).toBe(true);
    expect(regionOption({ code: '3101', name: '市辖区', hasChildren: true }, 2, 2).isLeaf).toBe(true);
  });

  it('puts loaded children under their path without touching the old tree', () => {
    const before = [
      { value: '31', label: '上海市' },
      { value: '32', label: '江苏省' },
    ];
    const after = withChildren(before, ['31'], [{ value: '3101', label: '市辖区' }]);
    expect(after[0]!.children).toEqual([{ value: '3101', label: '市辖区' }]);
    expect(before[0]).not.toHaveProperty('children');
    const deeper = withChildren(after, ['31', '3101'], []);
    expect(deeper[0]!.children![0]).toMatchObject({ children: [], isLeaf: true });
  });

  it('reads a district code as its province, city and district', () => {
    expect(regionPath('310101')).toEqual(['31', '3101', '310101']);
    expect(regionPath(undefined)).toEqual([]);
  });
});

describe('map address (spec §3, §5, §9)', () => {
  it('needs an address, then a location locked on the map', () => {
    expect(checkMapAddress({ address: '  ', latitude: 31, longitude: 121 })).toBe('pickers.addressMissing');
    expect(checkMapAddress({ address: 'No. 100' })).toBe('pickers.locationMissing');
    expect(checkMapAddress({ address: 'No. 100', latitude: 31, longitude: 121 })).toBeNull();
    expect(i18n.t('pickers.addressMissing')).toBe('Please fill in the address');
    expect(i18n.t('pickers.locationMissing')).toBe('Please select on the map to lock the location');
    expect(mapFieldProblem(undefined)).toBe('pickers.addressRequired');
    expect(i18n.t('pickers.addressRequired')).toBe('Please enter the address');
  });

  it('locks a clicked point, also as the departure or arrival', () => {
    const v = lockLocation({ address: 'x' }, 31.23041234567, 121.4737, 'departure');
    expect(v).toEqual({
      address: 'x',
      latitude: 31.230412,
      longitude: 121.4737,
      departureLatitude: 31.230412,
      departureLongitude: 121.4737,
    });
    const arrival = lockLocation(v, 30, 481.5, 'arrival');
    expect(arrival).toMatchObject({
      longitude: 121.5,
      arrivalLongitude: 121.5,
      departureLatitude: 31.230412,
    });
  });

  it('zooms to 12 and centres where configured', () => {
    expect(MAP_DEFAULT_ZOOM).toBe(12);
    expect(mapCenter('39.9,116.4')).toEqual([39.9, 116.4]);
    expect(mapCenter('nonsense')).toEqual([31.2304, 121.4737]);
  });
});
