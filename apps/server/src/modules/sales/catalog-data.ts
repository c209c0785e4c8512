import type { EnergyType } from '@forecourt/contracts/sales';

/** [model year, trim, energy type, guide price in yuan] */
export type TrimSeed = [number, string, EnergyType, string];
export interface BrandSeed {
  /** The code of dictionary car_brand, as member_customer.brand holds it. */
  code: string;
  name: string;
  nameEn: string;
  /** World manufacturer identifier of the Chinese plant, the first three VIN characters of its cars. */
  wmi: string;
  series: Array<[name: string, trims: TrimSeed[]]>;
}

/**
 * The demo catalogue: the brands the demo staff look after (seed-core), with series, trims and manufacturer
 * guide prices as the Chinese market listed them for the 2024–2025 model years. Range-extended cars (Li Auto)
 * count as plug-in hybrids, as the purchase-tax rules treat them.
 */
export const CATALOG: BrandSeed[] = [
  {
    code: 'toyota', name: '丰田', nameEn: 'Toyota', wmi: 'LVG',
    series: [
      ['凯美瑞', [[2024, '2.0GVP 豪华版', 'petrol', '179800'], [2024, '2.0S 锋尚版', 'petrol', '199800'], [2024, '双擎 2.5HGVP 豪华版', 'hybrid', '209800']]],
      ['卡罗拉', [[2024, '1.2T 先锋版', 'petrol', '119800'], [2024, '双擎 1.8L 精英版', 'hybrid', '139800']]],
      ['RAV4荣放', [[2024, '2.0L 两驱都市版', 'petrol', '175800'], [2024, '双擎 2.5L 四驱旗舰版', 'hybrid', '259800']]],
      ['汉兰达', [[2024, '双擎 2.5L 四驱尊贵版 7座', 'hybrid', '319800']]],
      ['bZ3', [[2024, '长续航 Pro', 'ev', '169800']]],
    ],
  },
  {
    code: 'honda', name: '本田', nameEn: 'Honda', wmi: 'LHG',
    series: [
      ['雅阁', [[2024, '260TURBO 舒享版', 'petrol', '179800'], [2024, 'e:PHEV 智享版', 'phev', '219800']]],
      ['思域', [[2024, '240TURBO CVT 劲动版', 'petrol', '129900']]],
      ['CR-V', [[2024, '240TURBO 两驱锋尚5座版', 'petrol', '189900'], [2024, 'e:HEV 2.0L 四驱锋尚7座版', 'hybrid', '249900']]],
      ['e:NP2 极湃2', [[2024, '510km 绽版', 'ev', '189900']]],
    ],
  },
  {
    code: 'volkswagen', name: '大众', nameEn: 'Volkswagen', wmi: 'LSV',
    series: [
      ['帕萨特', [[2025, 'Pro 330TSI 龙耀版', 'petrol', '229900'], [2024, '出众款 330TSI 精英版', 'petrol', '209900']]],
      ['朗逸', [[2024, '新锐 1.5L 自动满逸版', 'petrol', '119900']]],
      ['途观L', [[2024, '330TSI 自动两驱智享版', 'petrol', '219900']]],
      ['ID.4 X', [[2024, '纯净智享版', 'ev', '199900']]],
    ],
  },
  {
    code: 'audi', name: '奥迪', nameEn: 'Audi', wmi: 'LFV',
    series: [
      ['A4L', [[2024, '40 TFSI 时尚动感型', 'petrol', '321800'], [2024, '45 TFSI quattro 臻选动感型', 'petrol', '392800']]],
      ['A6L', [[2024, '45 TFSI 臻选动感型', 'petrol', '426800']]],
      ['Q5L', [[2024, '40 TFSI 时尚动感型', 'petrol', '399800']]],
      ['Q4 e-tron', [[2024, '40 e-tron 创境版', 'ev', '299900']]],
    ],
  },
  {
    code: 'byd', name: '比亚迪', nameEn: 'BYD', wmi: 'LGX',
    series: [
      ['秦PLUS', [[2024, '荣耀版 DM-i 55KM 领先型', 'phev', '79800']]],
      ['汉', [[2024, 'EV 荣耀版 506KM 尊贵型', 'ev', '209800'], [2024, 'DM-i 荣耀版 121KM 尊贵型', 'phev', '169800']]],
      ['宋PLUS', [[2024, '荣耀版 DM-i 110KM 旗舰型', 'phev', '159800']]],
      ['海豹', [[2024, '荣耀版 550 标准续航后驱', 'ev', '179800']]],
      ['元PLUS', [[2024, '荣耀版 510KM 领先型', 'ev', '135800']]],
    ],
  },
  {
    code: 'geely', name: '吉利', nameEn: 'Geely', wmi: 'L6T',
    series: [
      ['星越L', [[2024, '2.0TD 高功 两驱超越版', 'petrol', '159700']]],
      ['银河L7', [[2024, '115km Max', 'phev', '153800']]],
      ['博越L', [[2024, '1.5T 智享版', 'petrol', '119700']]],
      ['帝豪', [[2024, '1.5L CVT 豪华型', 'petrol', '79800']]],
    ],
  },
  {
    code: 'bmw', name: '宝马', nameEn: 'BMW', wmi: 'LBV',
    series: [
      ['3系', [[2024, '325Li M运动套装', 'petrol', '349900']]],
      ['5系', [[2024, '525Li 豪华套装', 'petrol', '439900']]],
      ['X3', [[2024, 'xDrive30i 领先型 M曜夜套装', 'petrol', '469900']]],
      ['i3', [[2024, 'eDrive 35L', 'ev', '353900']]],
    ],
  },
  {
    code: 'benz', name: '奔驰', nameEn: 'Mercedes-Benz', wmi: 'LE4',
    series: [
      ['C级', [[2024, 'C 260 L 皓夜运动版', 'petrol', '349800']]],
      ['E级', [[2024, 'E 260 L', 'petrol', '449900']]],
      ['GLC', [[2024, 'GLC 260 L 4MATIC 动感型 7座', 'petrol', '428800']]],
      ['EQE SUV', [[2024, '350 4MATIC 先锋版', 'ev', '486000']]],
    ],
  },
  {
    code: 'tesla', name: '特斯拉', nameEn: 'Tesla', wmi: 'LRW',
    series: [
      ['Model 3', [[2024, '后轮驱动版', 'ev', '231900'], [2024, '长续航全轮驱动版', 'ev', '271900']]],
      ['Model Y', [[2024, '后轮驱动版', 'ev', '249900'], [2024, '长续航全轮驱动版', 'ev', '289900']]],
    ],
  },
  {
    code: 'nio', name: '蔚来', nameEn: 'NIO', wmi: 'LJ1',
    series: [
      ['ET5', [[2024, '75kWh', 'ev', '298000']]],
      ['ET5T', [[2024, '75kWh', 'ev', '298000']]],
      ['ES6', [[2024, '75kWh', 'ev', '338000']]],
      ['ES8', [[2024, '75kWh', 'ev', '498000']]],
    ],
  },
  {
    code: 'li_auto', name: '理想', nameEn: 'Li Auto', wmi: 'LW4',
    series: [
      ['L6', [[2024, 'Pro', 'phev', '249800'], [2024, 'Max', 'phev', '279800']]],
      ['L7', [[2024, 'Pro', 'phev', '301800']]],
      ['L9', [[2024, 'Ultra', 'phev', '429800']]],
      ['MEGA', [[2024, 'Max', 'ev', '559800']]],
    ],
  },
  {
    code: 'xpeng', name: '小鹏', nameEn: 'XPeng', wmi: 'L1N',
    series: [
      ['G6', [[2024, '580 长续航 Pro', 'ev', '176800']]],
      ['P7i', [[2024, '550 Pro', 'ev', '229900']]],
      ['MONA M03', [[2024, '515 长续航版', 'ev', '119800']]],
      ['G9', [[2024, '570 Pro', 'ev', '263900']]],
    ],
  },
]; // prettier-ignore
