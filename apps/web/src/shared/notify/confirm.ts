import type { ModalFuncProps } from 'antd';

/**
 * antd's `Modal.confirm`, loaded the first time a question is asked: the workspace shows no dialog on
 * its first paint, so the modal code stays out of its first load.
 */
export function confirm(props: ModalFuncProps): void {
  void import('antd/es/modal').then(({ default: Modal }) => Modal.confirm(props));
}
