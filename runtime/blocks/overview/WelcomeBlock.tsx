import { Typography } from 'antd';
import { renderTemplate } from '../../../schemas/expression/template';
import { TEXT } from '../../../schemas/text/zh';
import type { OverviewBlockProps } from './overviewBlock';

/** A greeting and label: value pairs, each a template over the screen's context (the signed-in user, mostly). */
export default function WelcomeBlock({ block, store }: OverviewBlockProps) {
  const context = store.context;
  return (
    <div className="dms-welcome">
      {block.text ? <Typography.Title level={4}>{renderTemplate(block.text, context)}</Typography.Title> : null}
      {block.facts ? (
        <dl className="dms-facts">
          {block.facts.map((fact) => (
            <div key={fact.label} className="dms-fact">
              <dt>{fact.label}</dt>
              <dd>{renderTemplate(fact.value, context) || TEXT.overview.none}</dd>
            </div>
          ))}
        </dl>
      ) : null}
    </div>
  );
}
