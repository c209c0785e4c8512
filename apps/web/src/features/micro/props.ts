/** The host/micro-app contract lives in @forecourt/contracts so micro-apps need not reach into the shell. */
export type { MicroAppProps, MicroUser } from '@forecourt/contracts';
