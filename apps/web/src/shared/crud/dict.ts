import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { http } from '../http';
import type { CrudColumn, DictRef } from './types';

export interface DictEntry {
  dictKey: string;
  dictValue: string;
}

/** Entries of one dictionary by code, in the caller's language (the server drops sealed entries). */
export const fetchDictionary = (ref: DictRef) =>
  http.get<DictEntry[]>(`/api/blade-system/${ref.biz ? 'dict-biz' : 'dict'}/dictionary`, {
    params: { code: ref.code },
  });

export const dictKey = (ref: DictRef, lang: string) => [
  'dictionary',
  ref.biz ? 'biz' : 'system',
  ref.code,
  lang,
];

/**
 * The dictionaries a page's columns name, fetched once and cached (every page showing the same
 * dictionary shares the answer). Returns the label lookup used by cells, selects and exports.
 */
export function useDictionaries(columns: CrudColumn[]) {
  const { i18n } = useTranslation();
  const refs = columns.filter((c) => c.dict).map((c) => c.dict!);
  const answers = useQueries({
    queries: refs.map((ref) => ({
      queryKey: dictKey(ref, i18n.language),
      queryFn: () => fetchDictionary(ref),
      staleTime: 5 * 60_000,
    })),
  });
  const entries = new Map<string, DictEntry[]>();
  refs.forEach((ref, i) => entries.set(ref.code, answers[i]?.data ?? []));
  return {
    entries: (ref: DictRef) => entries.get(ref.code) ?? [],
    label: (ref: DictRef, value: unknown) =>
      entries.get(ref.code)?.find((e) => e.dictKey === String(value))?.dictValue,
  };
}
