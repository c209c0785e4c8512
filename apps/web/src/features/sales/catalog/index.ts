/** The catalogue's parts other sales pages use: the model picker and the tree query it reads. */
export { ModelCascader, pathTo, type ModelCascaderProps, type ModelChoice } from './ModelCascader';
export { catalogTreeQuery, CATALOG } from './api';
