import { LRUCache } from 'lru-cache';
import type { Bus } from '../../platform/bus.js';
import type { Db } from '../../platform/db/index.js';
import { newId } from '../../platform/ids.js';
import { all, exec, scoped } from '../../platform/sql/index.js';
import { createWordFilter, type WordFilter, type WordHit } from './filter.js';

export { createWordFilter, type WordFilter, type WordHit } from './filter.js';

/** Bus topic on which a change of a tenant's word list is announced, so every node drops its automaton. */
export const WORDS_TOPIC = 'risk.words';

/**
 * The bus is fan-out, not truth: an automaton is rebuilt at the latest this long after it was built, so a
 * node that missed a message (or a process without the bus, such as a chat gateway) catches up by itself.
 */
const MAX_AGE_MS = 60_000;
/** Tenants whose automaton a node keeps at once: the least recently used beyond this are rebuilt on use. */
export const WORD_CACHE_MAX = 1000;

// Keyed by the database too: two apps in one process (tests, a chat gateway beside the API) never share lists.
const caches = new WeakMap<Db, LRUCache<string, Promise<WordFilter>>>();

const cacheOf = (db: Db) => {
  let c = caches.get(db);
  if (!c) caches.set(db, (c = new LRUCache({ max: WORD_CACHE_MAX, ttl: MAX_AGE_MS })));
  return c;
};

async function loadFilter(db: Db, tenantId: string): Promise<WordFilter> {
  const rows = await all(
    db,
    scoped({ tenantId, isPlatformAdmin: false })
      .selectFrom('risk_sensitive_word')
      .select('word')
      .where('status', '=', 1),
  );
  return createWordFilter(rows.map((r) => r.word));
}

/** The tenant's automaton, built once from its enabled words and kept until the list changes. */
export function wordFilterOf(db: Db, tenantId: string): Promise<WordFilter> {
  const cache = cacheOf(db);
  const hit = cache.get(tenantId);
  if (hit) return hit;
  // The promise is cached, so a burst of messages builds the automaton once.
  const filter = loadFilter(db, tenantId);
  cache.set(tenantId, filter);
  filter.catch(() => {
    if (cache.peek(tenantId) === filter) cache.delete(tenantId);
  });
  return filter;
}

/** Drops this node's automaton of a tenant (all tenants without one). */
export function dropWordFilter(db: Db, tenantId?: string): void {
  if (tenantId) caches.get(db)?.delete(tenantId);
  else caches.delete(db);
}

/** After a change of a tenant's words: drop here at once, and tell the other nodes. */
export async function wordsChanged(db: Db, bus: Bus, tenantId: string): Promise<void> {
  dropWordFilter(db, tenantId);
  await bus.publish(WORDS_TOPIC, { tenantId });
}

/** Makes this node drop its automata when another node announces a change; returns the unsubscribe. */
export function watchWordChanges(db: Db, bus: Bus): Promise<() => Promise<void>> {
  return bus.subscribe(WORDS_TOPIC, (m) => {
    const tenantId = (m as { tenantId?: unknown } | null)?.tenantId;
    dropWordFilter(db, typeof tenantId === 'string' ? tenantId : undefined);
  });
}

/** Replaces each sensitive word of the tenant's list in the text by '*' repeated to its length. */
export async function maskSensitive(db: Db, tenantId: string, text: string): Promise<string> {
  if (!text) return text;
  return (await wordFilterOf(db, tenantId)).mask(text);
}

/** Masks and reports in one scan: the masked text and the distinct words hit (empty when clean). */
export async function scanSensitive(
  db: Db,
  tenantId: string,
  text: string,
): Promise<{ masked: string; hits: string[]; occurrences: WordHit[] }> {
  const filter = await wordFilterOf(db, tenantId);
  const occurrences = text ? filter.find(text) : [];
  if (!occurrences.length) return { masked: text, hits: [], occurrences };
  return {
    masked: filter.mask(text),
    hits: [...new Set(occurrences.map((h) => h.word))],
    occurrences,
  };
}

/** Who said it: a Scope fits, and so does what a chat gateway knows of a sender. */
export interface RiskActor {
  tenantId: string;
  userId?: string | null;
  account?: string | null;
}

export interface RiskHitInput {
  /** Where the text came from, e.g. 'chat', 'chat-group', 'notice'. */
  source: string;
  /** The text as it was written (before masking). */
  text: string;
  /** The words hit, as scanSensitive answers them. */
  hits: string[];
  /** The masked text as delivered; computed from the tenant's list when not given. */
  masked?: string;
  /** What it belongs to, e.g. a message or conversation id. */
  ref?: string;
}

/** Writes one risk-diary row for a masked message; returns its id. A message without hits is not recorded. */
export async function recordRiskHit(db: Db, scope: RiskActor, entry: RiskHitInput): Promise<string | null> {
  const hits = [...new Set(entry.hits.filter(Boolean))];
  if (!hits.length) return null;
  const masked = entry.masked ?? (await maskSensitive(db, scope.tenantId, entry.text));
  const id = newId();
  await exec(
    db,
    scoped({ tenantId: scope.tenantId, isPlatformAdmin: false }).insertInto('risk_diary', {
      id,
      source: entry.source.slice(0, 32),
      ref: entry.ref?.slice(0, 128) ?? null,
      userId: scope.userId && /^\d{1,20}$/.test(scope.userId) ? scope.userId : null,
      account: scope.account?.slice(0, 100) ?? null,
      content: entry.text,
      masked,
      hits,
      hitCount: hits.length,
    }),
  );
  return id;
}
