// The sales pages' amounts: the shared formatter (shared/format/money.ts).
export { yuan } from '@/shared/format/money';
