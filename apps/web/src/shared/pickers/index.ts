/** Pickers of spec §1/§3: departments and staff, zones, regions and an address on the map. */
export { DeptEmpPicker, type DeptEmpPickerProps } from './DeptEmpPicker';
export { DeptEmpPickerDialog, type DeptEmpPickerDialogProps } from './DeptEmpPickerDialog';
export { ZoneCascader, type ZoneCascaderProps } from './ZoneCascader';
export { RegionCascader, type RegionCascaderProps } from './RegionCascader';
export { MapAddressDialog, type MapAddressDialogProps } from './MapAddressDialog';
export { MapAddressPicker, mapAddressRule, type MapAddressPickerProps } from './MapAddressPicker';
export {
  dedupeById,
  emptyPick,
  pickedNames,
  toValue,
  type PickNode,
  type PickerMode,
  type PickerValue,
} from './selection';
export {
  checkMapAddress,
  emptyAddress,
  isLocated,
  MAP_DEFAULT_ZOOM,
  type MapAddress,
  type TripPoint,
} from './map';
export { REGION_LEVELS, regionPath, zoneOptions, type CascaderOption } from './zones';
