/**
 * The printable offer (PDF). Written with pdfkit in the font the server ships
 * (assets/fonts/NotoSansSC-gb2312.otf: Noto Sans CJK SC cut down to GB 2312, made by
 * scripts/cjk-font-subset.py), never a system font, so Chinese renders the same on every machine. pdfkit
 * embeds only the glyphs used and writes a ToUnicode map, so the text can be searched and copied.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type PDFKit from 'pdfkit';
import { ENUM_LABELS, MACHINES, type OfferView } from '@forecourt/contracts/sales';
import type { Lang } from '../../platform/i18n.js';
import { importPackage } from '../../platform/packages.js';

const FONT_FILE = 'NotoSansSC-gb2312.otf';

/** src/modules/sales in development and tests, dist/ when bundled: both find apps/server/assets. */
function fontPath(): string {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const candidates = [
    path.resolve(here, '../../../assets/fonts', FONT_FILE),
    path.resolve(here, '../assets/fonts', FONT_FILE),
  ];
  const found = candidates.find((p) => fs.existsSync(p));
  if (!found) throw new Error(`offer PDF font missing: ${candidates.join(', ')}`);
  return found;
}

let fontBytes: Buffer | undefined;
const font = () => (fontBytes ??= fs.readFileSync(fontPath()));

const L = {
  zh: {
    title: '购车报价单',
    number: '报价编号',
    version: '版本',
    status: '状态',
    date: '报价日期',
    validUntil: '有效期至',
    customer: '客户',
    phone: '电话',
    salesperson: '销售顾问',
    vehicle: '车型',
    vin: '车架号',
    energy: '能源类型',
    lines: '费用明细',
    vehiclePrice: '车辆价格',
    discount: '优惠',
    invoicePrice: '开票价',
    purchaseTax: '购置税',
    relief: '其中新能源减免',
    insurance: '保险',
    registrationFee: '上牌费',
    accessories: '精品附件',
    serviceFee: '服务费',
    tradeIn: '置换抵扣',
    total: '合计',
    finance: '分期方案',
    downPayment: '首付',
    loan: '贷款金额',
    term: '期数',
    months: '个月',
    rate: '年利率',
    monthly: '月供',
    last: '末期',
    interest: '总利息',
    due: '签约时应付',
    note: '本报价单金额以人民币元计，购置税按开票价 ÷ 1.13 × 10% 计算，最终以发票及税务机关核定为准。',
    approved: '审批',
  },
  en: {
    title: 'Vehicle offer',
    number: 'Offer no.',
    version: 'Version',
    status: 'Status',
    date: 'Date',
    validUntil: 'Valid until',
    customer: 'Customer',
    phone: 'Phone',
    salesperson: 'Sales consultant',
    vehicle: 'Model',
    vin: 'VIN',
    energy: 'Energy type',
    lines: 'Price lines',
    vehiclePrice: 'Vehicle price',
    discount: 'Discount',
    invoicePrice: 'Invoice price',
    purchaseTax: 'Purchase tax',
    relief: 'of which new-energy relief',
    insurance: 'Insurance',
    registrationFee: 'Registration and plate fee',
    accessories: 'Accessories',
    serviceFee: 'Service fee',
    tradeIn: 'Trade-in credit',
    total: 'Total',
    finance: 'Finance plan',
    downPayment: 'Down payment',
    loan: 'Loan amount',
    term: 'Term',
    months: 'months',
    rate: 'Annual rate',
    monthly: 'Monthly payment',
    last: 'last',
    interest: 'Total interest',
    due: 'Due at signing',
    note: 'Amounts in yuan (CNY). Purchase tax = invoice price ÷ 1.13 × 10 %; the invoice and the tax office decide the final amounts.',
    approved: 'Approved by',
  },
} as const;

/** 1234567.8 → "1,234,567.80": grouping on the decimal string, no number ever involved. */
export function groupMoney(v: string): string {
  const [int, frac = '00'] = v.split('.');
  const neg = int!.startsWith('-');
  const digits = neg ? int!.slice(1) : int!;
  return `${neg ? '-' : ''}¥${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${frac.padEnd(2, '0')}`;
}

/** The offer as a PDF in the caller's language (the customer's name and the model stay as written). */
export async function offerPdf(o: OfferView, lang: Lang): Promise<Buffer> {
  // pdfkit (with its font engine) is loaded on first use: it is heavy, and a start should not pay for it (docs/architecture.md "Start").
  const PDFDocument = (await importPackage<{ default: typeof PDFKit }>('pdfkit')).default;
  const t = L[lang];
  const i = lang === 'zh' ? 0 : 1;
  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.title} ${o.id}-v${o.version}`, Author: o.ownerName, Creator: 'Forecourt' },
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font());
  doc.font('cjk');

  const left = 50;
  const width = doc.page.width - 100;
  doc.fontSize(20).text(t.title, { align: 'center' });
  doc.moveDown(0.5);
  doc.fontSize(10).fillColor('#555');
  const status =
    (MACHINES.offer.states as Record<string, readonly [string, string]>)[o.status]?.[i] ?? o.status;
  doc.text(
    `${t.number}: ${o.id}    ${t.version}: v${o.version}    ${t.status}: ${status}    ${t.date}: ${o.createTime.slice(0, 10)}    ${t.validUntil}: ${o.validUntil}`,
  );
  doc.moveDown(0.8).fillColor('#000').fontSize(11);
  const kv = (k: string, v: string) => doc.text(`${k}: ${v}`);
  kv(t.customer, o.customerName);
  kv(t.phone, o.customerPhone);
  kv(t.salesperson, o.ownerName);
  kv(t.vehicle, o.modelName);
  if (o.vin) kv(t.vin, o.vin);
  kv(t.energy, ENUM_LABELS.energyType?.[o.energyType]?.[i] ?? o.energyType);

  doc.moveDown(0.8).fontSize(13).text(t.lines);
  doc.moveDown(0.3).fontSize(11);
  const row = (label: string, amount: string, opts: { bold?: boolean; minus?: boolean } = {}) => {
    const y = doc.y;
    doc.text(label, left, y, { width: width - 160 });
    doc.text(`${opts.minus ? '-' : ''}${groupMoney(amount)}`, left + width - 160, y, {
      width: 160,
      align: 'right',
    });
    if (opts.bold)
      doc
        .moveTo(left, doc.y + 2)
        .lineTo(left + width, doc.y + 2)
        .stroke('#999');
    doc.moveDown(0.25);
  };
  row(t.vehiclePrice, o.vehiclePrice);
  row(t.discount, o.discount, { minus: true });
  row(t.invoicePrice, o.invoicePrice);
  row(t.purchaseTax, o.purchaseTax);
  if (o.purchaseTaxRelief !== '0.00') row(`  ${t.relief}`, o.purchaseTaxRelief);
  row(t.insurance, o.insurance);
  row(t.registrationFee, o.registrationFee);
  for (const a of o.accessories) row(`${t.accessories}: ${a.name}`, a.amount);
  row(t.serviceFee, o.serviceFee);
  row(t.tradeIn, o.tradeInCredit, { minus: true });
  row(t.total, o.total, { bold: true });

  if (o.finance) {
    const f = o.finance;
    doc.moveDown(0.8).fontSize(13).text(t.finance, left);
    doc.moveDown(0.3).fontSize(11);
    row(`${t.downPayment} (${f.downPaymentPercent}%)`, f.downPayment);
    row(t.loan, f.loanAmount);
    doc.text(`${t.term}: ${f.termMonths} ${t.months}    ${t.rate}: ${f.annualRatePercent}%`, left);
    doc.moveDown(0.25);
    row(`${t.monthly} (${t.last}: ${groupMoney(f.lastPayment)})`, f.monthlyPayment);
    row(t.interest, f.totalInterest);
  }
  row(t.due, o.dueAtSigning, { bold: true });
  if (o.approvedByName && o.status !== 'rejected') {
    doc
      .moveDown(0.5)
      .fontSize(10)
      .text(`${t.approved}: ${o.approvedByName} ${o.approvedAt ?? ''}`, left);
  }
  doc.moveDown(1.5).fontSize(9).fillColor('#666').text(t.note, left, doc.y, { width });
  doc.end();
  return done;
}
