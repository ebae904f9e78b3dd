import { type AdFormStepProps, FieldsGrid } from "./ad-form-fields.tsx";
import { fieldsOfStep } from "./ad-form-values.ts";

/** The vertical's other fields: body, engine, colour, condition, equipment… */
export function DetailsStep(props: AdFormStepProps) {
  return <FieldsGrid {...props} fields={fieldsOfStep(props.definition, "details")} />;
}
