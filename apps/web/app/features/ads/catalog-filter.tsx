import { MultiSelect } from "@mantine/core";
import type { CatalogField, CatalogKind } from "@unaa/contracts";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useCatalogGenerations } from "../catalog/api/get-catalog-generations.ts";
import { useCatalogMarks } from "../catalog/api/get-catalog-marks.ts";
import { useCatalogModels } from "../catalog/api/get-catalog-models.ts";
import { formatYears, localizeRestyling } from "../catalog/catalog-format.ts";
import { filterByNames, groupPopular, renderOption } from "../catalog/catalog-picker.tsx";
import { fieldLabelKey } from "./ad-format.ts";
import { type ListQuery, listValues } from "./ad-list-query.ts";

export interface CatalogFilterProps {
  kind: CatalogKind;
  /** The catalogue fields of the definition (mark, model, generation…), outermost first. */
  fields: readonly CatalogField[];
  filters: ListQuery;
  onChange: (changes: ListQuery) => void;
  size: "sm" | "md";
  /**
   * Entries already known (the page's catalogue path), by `level:id`: their names show and the next
   * level's list is asked for (its select rendered) before the lists arrive.
   */
  known?: Readonly<Record<string, KnownEntry>>;
}

/** A catalogue entry a page knows without its list: what it is called and its address segment. */
export interface KnownEntry {
  name: string;
  slug: string;
}

/**
 * Marks (several at once), then models of one chosen mark, then generations of one chosen model:
 * the catalogue's lists, searched the way the catalogue picker searches (Latin, Cyrillic, aliases).
 * Values are catalogue ids, as the search takes them; choosing a level clears the levels below.
 */
export function CatalogFilter({ kind, fields, filters, onChange, size, known = {} }: CatalogFilterProps) {
  const { t } = useTranslation();
  const has = (level: string) => fields.some((field) => field.level === level);
  const markIds = listValues(filters, "mark");
  const modelIds = listValues(filters, "model");
  const generationIds = listValues(filters, "generation");

  const marks = useCatalogMarks(kind);
  // The one chosen entry's slug, from its list or, until the list arrives, from the page's path.
  const slugOf = (level: string, ids: string[], list: { id: number; slug: string }[] | undefined) =>
    ids.length === 1
      ? (list?.find((entry) => String(entry.id) === ids[0])?.slug ?? known[`${level}:${ids[0]}`]?.slug)
      : undefined;
  const markSlug = slugOf("mark", markIds, marks.data?.items);
  const models = useCatalogModels(kind, has("model") ? markSlug : null);
  const modelSlug = slugOf("model", modelIds, models.data?.items);
  const generations = useCatalogGenerations(kind, markSlug, has("generation") ? modelSlug : null);

  const markOptions = useMemo(
    () =>
      (marks.data?.items ?? []).map((mark) => ({
        value: String(mark.id),
        label: mark.name,
        names: [mark.name, mark.nameCyrillic, ...mark.aliases],
        isPopular: mark.isPopular,
      })),
    [marks.data],
  );
  const modelOptions = useMemo(
    () =>
      (models.data?.items ?? []).map((model) => ({
        value: String(model.id),
        label: model.name,
        names: [model.name, model.nameCyrillic, ...model.aliases],
        hint: formatYears(t, model.yearFrom, model.yearTo),
        isPopular: model.isPopular,
      })),
    [models.data, t],
  );
  const generationOptions = useMemo(
    () =>
      (generations.data?.items ?? []).map((generation) => ({
        value: String(generation.id),
        label: `${localizeRestyling(t, generation.name)}, ${formatYears(t, generation.yearFrom, generation.yearTo)}`,
        names: [generation.name, ...generation.aliases],
      })),
    [generations.data, t],
  );
  // Made once per list (not per render): the selects parse their data again whenever it changes.
  const groupLabels = useMemo(
    () => ({ popular: t("catalog.picker.popular"), all: t("catalog.picker.all") }),
    [t],
  );
  const markData = useMemo(() => groupPopular(markOptions, groupLabels), [markOptions, groupLabels]);
  const modelData = useMemo(() => groupPopular(modelOptions, groupLabels), [modelOptions, groupLabels]);
  const markFilter = useMemo(() => filterByNames(markOptions), [markOptions]);
  const modelFilter = useMemo(() => filterByNames(modelOptions), [modelOptions]);
  const generationFilter = useMemo(() => filterByNames(generationOptions), [generationOptions]);
  const status = (list: { isLoading: boolean; isError: boolean }) =>
    t(
      list.isError
        ? "catalog.picker.failed"
        : list.isLoading
          ? "catalog.picker.loading"
          : "catalog.picker.nothing",
    );
  const common = {
    size,
    searchable: true,
    clearable: true,
    hidePickedOptions: true,
    maxDropdownHeight: 320,
    renderOption,
    comboboxProps: { shadow: "md", transitionProps: { duration: 0 } },
  } as const;
  // Until its list arrives a chosen id keeps an option (so it is not dropped), named if known.
  const missing = (level: string, options: readonly { value: string }[], ids: readonly string[]) =>
    ids
      .filter((id) => !options.some((option) => option.value === id))
      .map((id) => ({ value: id, label: known[`${level}:${id}`]?.name ?? "…" }));

  return (
    <>
      <MultiSelect
        {...common}
        label={t(fieldLabelKey("mark"))}
        placeholder={markIds.length ? undefined : t("ads.filters.anyMark")}
        data={[...markData, ...missing("mark", markOptions, markIds)]}
        filter={markFilter}
        value={markIds}
        onChange={(ids) => onChange({ mark: ids.join(","), model: "", generation: "" })}
        nothingFoundMessage={status(marks)}
        data-testid="filter-mark"
      />
      {has("model") && (
        <MultiSelect
          {...common}
          label={t(fieldLabelKey("model"))}
          placeholder={markSlug ? t("ads.filters.anyModel") : t("ads.filters.chooseMarkFirst")}
          data={[...modelData, ...missing("model", modelOptions, modelIds)]}
          filter={modelFilter}
          value={modelIds}
          disabled={!markSlug}
          onChange={(ids) => onChange({ model: ids.join(","), generation: "" })}
          nothingFoundMessage={status(models)}
          data-testid="filter-model"
        />
      )}
      {has("generation") && modelSlug && (
        <MultiSelect
          {...common}
          label={t(fieldLabelKey("generation"))}
          placeholder={t("ads.filters.anyGeneration")}
          data={[...generationOptions, ...missing("generation", generationOptions, generationIds)]}
          filter={generationFilter}
          value={generationIds}
          onChange={(ids) => onChange({ generation: ids.join(",") })}
          nothingFoundMessage={status(generations)}
          data-testid="filter-generation"
        />
      )}
    </>
  );
}
