import { locales } from "@unaa/contracts";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import { localizePath } from "../lib/i18n.ts";
import { preloadLocaleOnIntent, useSwitchLocale } from "../lib/use-switch-locale.ts";
import { AppLink } from "./app-link.tsx";
import classes from "./site-footer.module.css";

const columns = [
  {
    title: "footer.sections",
    links: [
      ["/car", "nav.car"],
      ["/commercial", "nav.commercial"],
      ["/moto", "nav.moto"],
      ["/uslugi", "nav.uslugi"],
      ["/catalog", "nav.catalog"],
      ["/urgent", "nav.urgent"],
      ["/business", "page.business.title"],
    ],
  },
  {
    title: "footer.help",
    links: [
      ["/faq", "page.faq.title"],
      ["/contact", "page.contact.title"],
      ["/accessibility", "page.accessibility.title"],
      ["/reviews", "page.reviews.title"],
      ["/mobile-app", "page.mobileApp.title"],
    ],
  },
  {
    title: "footer.company",
    links: [
      ["/about", "page.about.title"],
      ["/advert", "page.advert.title"],
      ["/agreement-policy", "page.agreementPolicy.title"],
    ],
  },
] as const;

/**
 * The site footer. Plain elements styled by its module (the same look as Mantine's Container,
 * SimpleGrid, Stack, Text and Anchor): every page renders it on the server.
 */
export function SiteFooter({ minimal = false }: { minimal?: boolean }) {
  const { t } = useTranslation();
  const location = useLocation();
  const switchLocale = useSwitchLocale();
  return (
    <footer className={classes.footer}>
      <div className={`${classes.container} ${minimal ? classes.minimal : ""}`}>
        {!minimal && (
          <div className={classes.columns}>
            {columns.map((column) => (
              <div key={column.title} className={classes.column}>
                <p className={`${classes.text} ${classes.heading}`}>{t(column.title)}</p>
                {column.links.map(([to, label]) => (
                  <AppLink key={to} to={to} className={`mantine-focus-auto ${classes.text} ${classes.link}`}>
                    {t(label)}
                  </AppLink>
                ))}
              </div>
            ))}
          </div>
        )}
        <div className={classes.bottom}>
          <p className={`${classes.text} ${classes.dimmed}`}>
            {t("footer.copyright", { year: new Date().getFullYear() })}
          </p>
          <nav className={classes.languages} aria-label={t("nav.language")}>
            {locales.map((locale) => (
              <Link
                key={locale}
                to={localizePath(location.pathname, locale)}
                onClick={(event) => switchLocale(event, locale, localizePath(location.pathname, locale))}
                {...preloadLocaleOnIntent(locale)}
                hrefLang={locale}
                lang={locale}
                className={`mantine-focus-auto ${classes.text} ${classes.link} ${classes.dimmed}`}
              >
                {t(`language.${locale}`)}
              </Link>
            ))}
          </nav>
        </div>
        {!minimal && (
          <p className={`${classes.text} ${classes.dimmed} ${classes.notice}`}>{t("footer.dataNotice")}</p>
        )}
      </div>
    </footer>
  );
}
