import type { Locale } from "@unaa/contracts";
import { useEffect, useState } from "react";
import { loadLocaleIcon } from "../lib/locale-icons.ts";

/** S9.3: the language's icon once it has loaded (within 1500 ms); until then, or without it, none. */
export function LocaleIcon({ locale }: { locale: Locale }) {
  const [src, setSrc] = useState<string | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void loadLocaleIcon(locale).then((url) => {
      if (isCurrent) setSrc(url);
    });
    return () => {
      isCurrent = false;
    };
  }, [locale]);
  return src ? (
    <img src={src} alt="" width={21} height={14} style={{ borderRadius: 2, display: "block" }} />
  ) : null;
}
