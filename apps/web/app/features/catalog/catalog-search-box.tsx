import { Combobox, Group, Loader, Text, TextInput, useCombobox } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import type { CatalogKind, CatalogSearchItem } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigate } from "react-router";
import { localizePath } from "../../lib/i18n.ts";
import { useLocale } from "../../lib/use-locale.ts";
import { searchCatalog } from "./api/search-catalog.ts";
import { catalogPath, formatYears } from "./catalog-format.ts";

/** Wait this long after the last key before asking, so typing "камри" is one request, not five. */
const TYPING_PAUSE_MS = 150;

export function searchItemPath(kind: CatalogKind, item: CatalogSearchItem): string {
  return item.model ? catalogPath(kind, item.mark.slug, item.model.slug) : catalogPath(kind, item.mark.slug);
}

/**
 * The catalogue's search box: results appear while typing (marks and models, Latin or Cyrillic),
 * arrows and Enter choose one. Without JavaScript it is a plain GET form the page answers itself.
 */
export function CatalogSearchBox({ kind, defaultQuery = "" }: { kind: CatalogKind; defaultQuery?: string }) {
  const { t } = useTranslation();
  const locale = useLocale();
  const navigate = useNavigate();
  const combobox = useCombobox({ onDropdownClose: () => combobox.resetSelectedOption() });
  const [query, setQuery] = useState(defaultQuery);
  const [results, setResults] = useState<{ query: string; items: CatalogSearchItem[] } | null>(null);
  const [isLoading, setIsLoading] = useState(false);
  const [hasFailed, setHasFailed] = useState(false);

  useEffect(() => {
    const q = query.trim();
    if (q === "") {
      setResults(null);
      setIsLoading(false);
      return;
    }
    const controller = new AbortController();
    setIsLoading(true);
    const timer = setTimeout(() => {
      searchCatalog(q, kind, controller.signal).then(
        (response) => {
          setResults({ query: q, items: response.items });
          setHasFailed(false);
          setIsLoading(false);
        },
        () => {
          if (controller.signal.aborted) return;
          setHasFailed(true);
          setIsLoading(false);
        },
      );
    }, TYPING_PAUSE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, kind]);

  // Enter goes to the best match without an arrow press first.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only new results move the highlight.
  useEffect(() => {
    if (results && results.items.length > 0) combobox.selectFirstOption();
  }, [results]);

  const open = (path: string) => {
    combobox.closeDropdown();
    navigate(localizePath(path, locale));
  };

  const items = results?.items ?? [];
  const showsDropdown = query.trim() !== "" && (results !== null || hasFailed);

  return (
    <Form method="get" action={localizePath("/catalog", locale)} role="search">
      {kind !== "car" && <input type="hidden" name="kind" value={kind} />}
      <Combobox store={combobox} onOptionSubmit={open} withinPortal={false}>
        <Combobox.Target>
          <TextInput
            name="q"
            value={query}
            onChange={(event) => {
              setQuery(event.currentTarget.value);
              combobox.openDropdown();
              combobox.updateSelectedOptionIndex();
            }}
            onFocus={() => combobox.openDropdown()}
            onBlur={() => combobox.closeDropdown()}
            onKeyDown={(event) => {
              // Enter with a result highlighted opens it; otherwise the form runs the search.
              if (event.key === "Enter" && combobox.getSelectedOptionIndex() >= 0) event.preventDefault();
            }}
            label={t("catalog.search.label")}
            placeholder={t("catalog.search.placeholder")}
            leftSection={<IconSearch size={20} />}
            rightSection={isLoading ? <Loader size="xs" /> : null}
            autoComplete="off"
            spellCheck={false}
            data-testid="catalog-search"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!showsDropdown}>
          <Combobox.Options data-testid="catalog-search-results">
            {items.map((item) => (
              <Combobox.Option
                value={searchItemPath(kind, item)}
                key={`${item.mark.id}:${item.model?.id ?? ""}`}
              >
                <Group gap={8} justify="space-between" wrap="nowrap">
                  <Text fz="sm" fw={500}>
                    {item.model ? `${item.mark.name} ${item.model.name}` : item.mark.name}
                  </Text>
                  <Text fz="xs" c="dimmed" ta="right">
                    {item.model
                      ? formatYears(t, item.model.yearFrom, item.model.yearTo)
                      : t("catalog.search.markHint")}
                  </Text>
                </Group>
              </Combobox.Option>
            ))}
            {results && items.length === 0 && !hasFailed && (
              <Combobox.Empty>{t("catalog.search.empty", { query: results.query })}</Combobox.Empty>
            )}
            {hasFailed && <Combobox.Empty>{t("catalog.search.failed")}</Combobox.Empty>}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
    </Form>
  );
}
