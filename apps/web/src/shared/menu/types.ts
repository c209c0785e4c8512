/** The menu wire types are the contracts' (the server answers with the same schemas). */
export type { MenuMeta, MenuNode, TopMenu } from '@forecourt/contracts';
