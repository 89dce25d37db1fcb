import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { Col, Row } from 'antd';

/** Lays the fields on antd's 24-column grid; each field's span comes from its columns (24 / cols x selfCols). */
export function GridObjectFieldTemplate(props: ObjectFieldTemplateProps) {
  return (
    <Row gutter={[16, 0]}>
      {props.properties
        .filter((property) => !property.hidden)
        .map((property) => {
          const options = (property.content.props as { uiSchema?: { 'ui:options'?: { span?: number } } }).uiSchema?.['ui:options'];
          return (
            <Col key={property.name} span={options?.span ?? 24}>
              {property.content}
            </Col>
          );
        })}
    </Row>
  );
}
