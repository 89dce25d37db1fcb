import { Component, type ErrorInfo, type ReactNode } from 'react';
import { TEXT } from '../../schemas/text/zh';
import { Result } from '../blocks/LazyResult';

interface State {
  error: Error | null;
}

/** A screen that fails while rendering shows what failed instead of leaving the page blank; the shell stays usable. */
export class ScreenErrorBoundary extends Component<{ screenId: string; children: ReactNode }, State> {
  override state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`页面 ${this.props.screenId} 渲染出错`, error, info.componentStack);
  }

  override render() {
    if (this.state.error) return <Result status="error" title={TEXT.screen.renderFailed} subTitle={`${this.props.screenId} · ${this.state.error.message}`} />;
    return this.props.children;
  }
}
