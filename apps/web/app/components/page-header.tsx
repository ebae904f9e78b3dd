import { Fragment } from "react";
import { useTranslation } from "react-i18next";
import { useMatches } from "react-router";
import { type Crumb, crumbsOf } from "../lib/page-handle.ts";
import { AppLink } from "./app-link.tsx";
import classes from "./page-header.module.css";

export function useCrumbLabel(): (crumb: Crumb) => string {
  const { t } = useTranslation();
  return (crumb) => crumb.text ?? (crumb.key ? t(crumb.key, crumb.values ?? {}) : "");
}

/**
 * Breadcrumbs from the matched routes' handles, then the page title: the last crumb, or `title`
 * where the page's heading says more than its crumb (a list page: "Toyota Camry for sale in …").
 * Plain elements styled as Mantine's Breadcrumbs, Anchor and Title: most pages render it.
 */
export function PageHeader({ title }: { title?: string }) {
  const { t } = useTranslation();
  const label = useCrumbLabel();
  const trail = crumbsOf(useMatches());
  const last = trail.at(-1);
  const link = `mantine-focus-auto ${classes.crumb} ${classes.link}`;
  return (
    <div className={classes.header}>
      <nav className={classes.crumbs} aria-label={t("nav.breadcrumbs")}>
        <AppLink to="/" className={link}>
          {t("nav.home")}
        </AppLink>
        {trail.map((crumb, index) => (
          <Fragment key={crumb.to}>
            <div className={classes.separator}>/</div>
            {index === trail.length - 1 ? (
              <span aria-current="page" className={classes.crumb}>
                {label(crumb)}
              </span>
            ) : (
              <AppLink to={crumb.to} className={link}>
                {label(crumb)}
              </AppLink>
            )}
          </Fragment>
        ))}
      </nav>
      {(title ?? last) && <h1 className={classes.title}>{title ?? (last && label(last))}</h1>}
    </div>
  );
}
