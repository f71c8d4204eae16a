import type { ReactNode } from 'react';

/**
 * A centred icon, title, explanation and actions. The pages that must work while chunks fail
 * use it instead of antd's Result, whose illustrations would weigh on the first load.
 */
export function NoticePage(props: { icon: ReactNode; title: string; text: string; actions: ReactNode }) {
  return (
    <div className="cfop-notice" role="alert">
      <div className="cfop-notice-icon">{props.icon}</div>
      <h2 className="cfop-notice-title">{props.title}</h2>
      <p className="cfop-notice-text">{props.text}</p>
      <div className="cfop-notice-actions">{props.actions}</div>
    </div>
  );
}
