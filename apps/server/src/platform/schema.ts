/** Ids are part of the wire contract: the schemas live in @forecourt/contracts, shared with the web. */
export { BIGINT_MAX, decimalUpTo, ID_LIST_PATTERN, ID_PATTERN, Id, IdList, isId } from '@forecourt/contracts';
