import { Checkbox, Stack } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { CatalogPicker } from "../../catalog/catalog-picker.tsx";
import { catalogFieldsOf } from "./ad-form-catalog.ts";
import { type AdFormStepProps, FieldsGrid } from "./ad-form-fields.tsx";
import { type CatalogSlugs, fieldsOfStep, freeTextFields } from "./ad-form-values.ts";

/** What is sold: category, the catalogue (or a typed make where the catalogue may lack it), the year. */
export function MainStep(props: AdFormStepProps & { changeCatalog: (slugs: CatalogSlugs) => void }) {
  const { t } = useTranslation();
  const { definition, values, change, errorOf, changeCatalog } = props;
  const catalogFields = catalogFieldsOf(definition);
  const typed = freeTextFields(definition);
  const fields = fieldsOfStep(definition, "main");
  const before = fields.filter((field) => field.name === definition.categoryField);
  const after = fields.filter(
    (field) => field.name !== definition.categoryField && field.kind !== "catalog" && !typed.includes(field),
  );
  const first = catalogFields[0];
  return (
    <Stack gap="lg">
      <FieldsGrid {...props} fields={before} />
      {first && (
        <Stack gap="xs">
          {!values.isOffCatalog && (
            <CatalogPicker
              kind={first.catalogKind}
              levels={Math.min(4, catalogFields.length) as 1 | 2 | 3 | 4}
              // The form's card is narrower than the page: two selects a row keep their names whole.
              columns={2}
              value={values.catalog}
              onChange={changeCatalog}
              errors={Object.fromEntries(
                catalogFields.map((field) => [field.level, errorOf(`fields.${field.name}`)]),
              )}
              required={catalogFields.filter((field) => field.required).map((field) => field.level)}
            />
          )}
          {typed.length > 0 && (
            <Checkbox
              label={t("adForm.offCatalog")}
              checked={values.isOffCatalog}
              onChange={(event) => change({ isOffCatalog: event.currentTarget.checked })}
              data-testid="off-catalog"
            />
          )}
        </Stack>
      )}
      {values.isOffCatalog && <FieldsGrid {...props} fields={typed} />}
      <FieldsGrid {...props} fields={after} />
    </Stack>
  );
}
