import { Result, Typography } from 'antd';
import { TEXT } from '../../schemas/text/zh';
import type { ScreenProblem } from '../../schemas/screen/screenChecks';

/** What a configurator sees instead of a broken screen: each problem with its JSON path. */
export function ScreenErrorView({ screenId, problems }: { screenId: string; problems: ScreenProblem[] }) {
  return (
    <Result
      status="error"
      title={TEXT.screen.invalidTitle}
      subTitle={`${screenId} · ${TEXT.screen.invalidHint}`}
    >
      <ul className="dms-screen-problems" data-testid="screen-problems">
        {problems.map((problem) => (
          <li key={`${problem.path}:${problem.message}`}>
            <Typography.Text code>{TEXT.validation.path(problem.path)}</Typography.Text> {problem.message}
          </li>
        ))}
      </ul>
    </Result>
  );
}
