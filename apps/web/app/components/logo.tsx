import { AppLink } from "./app-link.tsx";
import classes from "./logo.module.css";

/**
 * The wordmark: a steering-wheel mark and the site name, linking home. Its accessible name is the
 * visible "Unaa" (WCAG 2.5.3); `title` says where it leads.
 */
export function Logo({ title }: { title: string }) {
  return (
    <AppLink to="/" title={title} className={classes.logo}>
      <span className={classes.mark}>
        <svg width="30" height="30" viewBox="0 0 32 32" aria-hidden="true">
          <rect width="32" height="32" rx="9" fill="var(--mantine-color-indigo-6)" />
          <circle cx="16" cy="16" r="9" fill="none" stroke="#fff" strokeWidth="2.6" />
          <circle cx="16" cy="16" r="2.6" fill="#fff" />
          <path
            d="M7.5 14.5h6.2M18.3 14.5h6.2M16 18.6v6"
            stroke="#fff"
            strokeWidth="2.6"
            strokeLinecap="round"
          />
        </svg>
        <span className={classes.name}>Unaa</span>
      </span>
    </AppLink>
  );
}
