import { Result, type ResultProps } from 'antd';

/** antd's Result (its status pictures are large SVGs): loaded only when a tab has to show one. */
export default function PageResult(props: ResultProps) {
  return <Result {...props} />;
}
